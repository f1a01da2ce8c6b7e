import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { BankCode } from '@app/contracts';
import type { BankProtocol } from '../../payments/bank-gateway.js';
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
    /** migration 0070: the protocol the server speaks to this bank for this agency (payments/bank-gateway.ts) */
    protocol: text('protocol').$type<BankProtocol>().notNull().default('sandbox'),
    /** migration 0070: the bank's credentials as JSON, encrypted (lib/credentials.ts); null for `sandbox` */
    credentials: text('credentials'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.bank] })],
);
