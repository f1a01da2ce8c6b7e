import { pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { BankCode } from '@app/contracts';
import { agencies } from './platform.js';

/** Migration 0004_bank_accounts.sql; the player foreign key is (agency_id, player_id) there. */
export const playerBankAccounts = pgTable(
  'player_bank_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    playerId: uuid('player_id').notNull().unique(),
    bank: text('bank').$type<BankCode>().notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    currency: text('currency').$type<'LAK'>().notNull().default('LAK'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('player_bank_accounts_number_key').on(t.agencyId, t.bank, t.accountNumber)],
);
