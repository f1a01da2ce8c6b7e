import { bigint, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { agencies } from './platform.js';

/** The OnePay payment messages received, once per (mcid, fccref) (migration 0075_onepay_payments.sql). */
export const onepayPayments = pgTable(
  'onepay_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    mcid: text('mcid').notNull(),
    shopcode: text('shopcode'),
    uuid: text('uuid').notNull(),
    invoice: text('invoice'),
    amountLak: bigint('amount_lak', { mode: 'bigint' }).notNull(),
    ccy: text('ccy').notNull(),
    fccref: text('fccref').notNull(),
    ticket: text('ticket'),
    payerName: text('payer_name'),
    payerAccount: text('payer_account'),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    timetoken: text('timetoken').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('onepay_payments_mcid_fccref_key').on(t.mcid, t.fccref), index('onepay_payments_agency_uuid').on(t.agencyId, t.uuid)],
);
export type OnepayPaymentRow = typeof onepayPayments.$inferSelect;
