import { bigint, date, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { BankCode, ProviderId, ReconciliationKind, ReconciliationMethod, ReconciliationResolution } from '@app/contracts';
import { agencies } from './platform.js';

/** Migration 0098: each agency's bank reconciled per Lao day (docs/decisions/138); 0113: or its provider (142). */
export const bankReconciliationRuns = pgTable(
  'bank_reconciliation_runs',
  {
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    bank: text('bank').$type<BankCode>(),
    provider: text('provider').$type<ProviderId>(),
    day: date('day').notNull(),
    method: text('method').$type<ReconciliationMethod>().notNull(),
    checked: integer('checked').notNull().default(0),
    differences: integer('differences').notNull().default(0),
    error: text('error'),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('bank_reconciliation_runs_bank_day').on(t.agencyId, t.bank, t.day),
    unique('bank_reconciliation_runs_provider_day').on(t.agencyId, t.provider, t.day),
  ],
);

/**
 * Migration 0098: what the bank and we disagree on, kept for staff (never acted on by itself); 0113:
 * or a provider and our ledger — `bankReference` the transfer's reference, the amounts THB satang.
 */
export const bankReconciliationDifferences = pgTable(
  'bank_reconciliation_differences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    bank: text('bank').$type<BankCode>(),
    provider: text('provider').$type<ProviderId>(),
    playerId: uuid('player_id'),
    kind: text('kind').$type<ReconciliationKind>().notNull(),
    bankReference: text('bank_reference').notNull(),
    gatewayReference: text('gateway_reference'),
    orderId: uuid('order_id'),
    unmatchedPaymentId: uuid('unmatched_payment_id'),
    bankAmountLak: bigint('bank_amount_lak', { mode: 'bigint' }),
    ourAmountLak: bigint('our_amount_lak', { mode: 'bigint' }),
    currency: text('currency').notNull().default('LAK'),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    day: date('day').notNull(),
    foundAt: timestamp('found_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolution: text('resolution').$type<ReconciliationResolution>(),
    resolvedBy: uuid('resolved_by'),
    note: text('note'),
  },
  // the open ones through the partial index bank_reconciliation_open (agency_id, found_at, id)
  (t) => [
    unique('bank_reconciliation_differences_agency_id_bank_kind_bank_reference_key').on(t.agencyId, t.bank, t.kind, t.bankReference),
    unique('bank_reconciliation_differences_provider_key').on(t.agencyId, t.provider, t.kind, t.bankReference),
  ],
);
export type ReconciliationDifferenceRow = typeof bankReconciliationDifferences.$inferSelect;
