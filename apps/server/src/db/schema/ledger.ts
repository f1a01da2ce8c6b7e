import { bigint, boolean, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const LEDGER_ACCOUNT_TYPES = [
  'PLAYER_CREDIT',
  'TRANSFER_IN_FLIGHT',
  'BANK_CLEARING',
  'EXCHANGE',
  'PROMOTION_EXPENSE',
  'WITHDRAWALS_PAYABLE',
  'GAMING_RESULT',
  /** credit taken out of one provider on its way to another (migration 0120, decision 176) */
  'CREDIT_MOVES',
] as const;
export type LedgerAccountType = (typeof LEDGER_ACCOUNT_TYPES)[number];
type Currency = 'LAK' | 'THB' | 'USD';

export const ledgerAccounts = pgTable('ledger_accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  agencyId: uuid('agency_id').notNull(),
  type: text('type').$type<LedgerAccountType>().notNull(),
  currency: text('currency').$type<Currency>().notNull(),
  playerId: uuid('player_id'),
  providerId: text('provider_id'),
  balance: bigint('balance', { mode: 'bigint' }).notNull().default(0n),
  version: bigint('version', { mode: 'bigint' }).notNull().default(0n),
  /** house accounts are split by player (ledger.ts houseShard); 0 for players' and payable accounts */
  shard: smallint('shard').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const ledgerTransactions = pgTable('ledger_transactions', {
  id: uuid('id').primaryKey().defaultRandom(),
  agencyId: uuid('agency_id').notNull(),
  reference: text('reference').notNull().unique(),
  kind: text('kind').notNull(),
  metadata: jsonb('metadata').$type<Record<string, unknown>>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const ledgerEntries = pgTable('ledger_entries', {
  id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  transactionId: uuid('transaction_id').notNull(),
  fromAccountId: uuid('from_account_id').notNull(),
  toAccountId: uuid('to_account_id').notNull(),
  currency: text('currency').$type<Currency>().notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type TransferStatusDb = 'PENDING' | 'POSTED' | 'VOIDED';
export const providerTransfers = pgTable('provider_transfers', {
  id: uuid('id').primaryKey().defaultRandom(),
  agencyId: uuid('agency_id').notNull(),
  playerId: uuid('player_id').notNull(),
  playerUsername: text('player_username').notNull(),
  providerId: text('provider_id').notNull(),
  direction: text('direction').$type<'IN' | 'OUT'>().notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  reference: text('reference').notNull().unique(),
  kind: text('kind').notNull(),
  orderId: uuid('order_id'),
  counterAccountId: uuid('counter_account_id').notNull(),
  /** where the amount waits while the provider is asked; null before migration 0009 (shard 0) */
  inFlightAccountId: uuid('in_flight_account_id'),
  status: text('status').$type<TransferStatusDb>().notNull().default('PENDING'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  providerTransferId: text('provider_transfer_id'),
  needsAttention: boolean('needs_attention').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  settledAt: timestamp('settled_at', { withTimezone: true }),
  /** AMB's balance witness of an attempt (migration 0110, providers/amb/amb-witness.ts) */
  witnessState: text('witness_state').$type<'claimed' | 'sent' | 'released' | 'decided'>(),
  witnessBefore: bigint('witness_before', { mode: 'bigint' }),
  witnessSentAt: timestamp('witness_sent_at', { withTimezone: true }),
});

export const jobs = pgTable('jobs', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  type: text('type').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  uniqueKey: text('unique_key').unique(),
  runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  doneAt: timestamp('done_at', { withTimezone: true }),
});

export const idempotencyKeys = pgTable('idempotency_keys', {
  agencyId: uuid('agency_id').notNull(),
  owner: text('owner').notNull(),
  key: text('key').notNull(),
  route: text('route').notNull(),
  requestHash: text('request_hash').notNull(),
  statusCode: integer('status_code'),
  response: jsonb('response'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** the request holding the key until it answers; another may take it over once the lease has passed */
  leaseId: uuid('lease_id'),
  leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The ledger check's results (ledger/check-record.ts), newest first by `checked_at`. */
export const ledgerChecks = pgTable('ledger_checks', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  problems: integer('problems').notNull(),
  detail: text('detail').array().notNull().default([]),
  durationMs: integer('duration_ms').notNull(),
});
