import { bigint, boolean, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { BankCode, WithdrawalStatus } from '@app/contracts';
import { agencies } from './platform.js';

/** Migration 0007_withdrawals.sql holds the checks, the player foreign key and the one-open index. */
export const withdrawals = pgTable('withdrawals', {
  id: uuid('id').primaryKey(),
  agencyId: uuid('agency_id')
    .notNull()
    .references(() => agencies.id),
  playerId: uuid('player_id').notNull(),
  transactionCode: text('transaction_code').notNull(),
  providerId: text('provider_id').notNull(),
  status: text('status').$type<WithdrawalStatus>().notNull(),
  totalCredit: bigint('total_credit', { mode: 'bigint' }).notNull(),
  creditReceived: bigint('credit_received', { mode: 'bigint' }).notNull(),
  creditReturned: bigint('credit_returned', { mode: 'bigint' }).notNull().default(0n),
  promoCredit: bigint('promo_credit', { mode: 'bigint' }).notNull().default(0n),
  amountLak: bigint('amount_lak', { mode: 'bigint' }).notNull(),
  rate: numeric('rate', { precision: 18, scale: 6 }).notNull(),
  bank: text('bank').$type<BankCode>().notNull(),
  accountNumber: text('account_number').notNull(),
  accountName: text('account_name').notNull(),
  returnStatus: text('return_status').$type<'PENDING' | 'RETURNED' | 'ATTENTION'>(),
  returnAttempts: integer('return_attempts').notNull().default(0),
  bankReference: text('bank_reference'),
  rejectReason: text('reject_reason'),
  decidedBy: uuid('decided_by'),
  /** when staff approved or rejected it (migration 0034): a paid withdrawal counts on that business day */
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  /** the promotion usage it was made under (migration 0030): its approval is the usage's SUCCESS */
  promotionUsageId: uuid('promotion_usage_id'),
  /** the Idempotency-Key of the request that made it (migration 0031): a repeat of that request answers this one */
  requestKey: text('request_key'),
  /** migration 0116 (decision 163): over the agency's amount when asked, two staff users approve it */
  twoApprovals: boolean('two_approvals').notNull().default(false),
  firstApprovedBy: uuid('first_approved_by'),
  firstApprovedUsername: text('first_approved_username'),
  firstApprovedAt: timestamp('first_approved_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type WithdrawalRow = typeof withdrawals.$inferSelect;
