import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { BankCode } from '@app/contracts';
import { agencies } from './platform.js';

/** The agency's LAO QR merchant configuration per bank (migration 0005_payment_config.sql). */
export const agencyBankConfig = pgTable(
  'agency_bank_config',
  {
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    bank: text('bank').$type<BankCode>().notNull(),
    /** null: the bank's published IIN */
    iin: text('iin'),
    merchantId: text('merchant_id').notNull(),
    mcc: text('mcc').notNull(),
    merchantName: text('merchant_name').notNull(),
    city: text('city').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.bank] })],
);
