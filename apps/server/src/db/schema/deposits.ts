import { bigint, boolean, date, integer, numeric, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { BankCode, OrderStatus } from '@app/contracts';

/** Migration 0006_deposits.sql (docs/decisions/014-deposits.md). */
/** REVIEW and REJECTED: migration 0116, a paid deposit held for staff review (decision 162) */
export type DepositStatus = Extract<OrderStatus, 'OPEN' | 'CANCELED' | 'PAID' | 'SUCCESS' | 'FAILED' | 'REVIEW' | 'REJECTED'>;
export type DepositCancelReason = 'PLAYER' | 'EXPIRED' | 'GATEWAY_ERROR';

/** Migration 0016: the daily transaction-code sequence of deposits (D) and withdrawals (W) per agency. */
export const transactionCodeSequences = pgTable(
  'transaction_code_sequences',
  {
    agencyId: uuid('agency_id').notNull(),
    prefix: text('prefix').$type<'D' | 'W'>().notNull(),
    day: date('day').notNull(),
    lastValue: integer('last_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.prefix, t.day] })],
);

export const depositOrders = pgTable(
  'deposit_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id').notNull(),
    playerId: uuid('player_id').notNull(),
    transactionCode: text('transaction_code').notNull(),
    providerId: text('provider_id').notNull(),
    mid: text('mid').notNull(),
    bank: text('bank').$type<BankCode>().notNull(),
    amountLak: bigint('amount_lak', { mode: 'bigint' }).notNull(),
    creditThb: bigint('credit_thb', { mode: 'bigint' }).notNull(),
    sellRate: numeric('sell_rate', { precision: 18, scale: 6 }).notNull(),
    status: text('status').$type<DepositStatus>().notNull().default('OPEN'),
    gatewayReference: text('gateway_reference').notNull().unique(),
    qrPayload: text('qr_payload').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    bankReference: text('bank_reference').unique(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidLate: boolean('paid_late').notNull().default(false),
    cancelReason: text('cancel_reason').$type<DepositCancelReason>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // migration 0038: a FAILED deposit refunded by staff
    refundReference: text('refund_reference').unique(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    // migration 0116: the staff decision on a held deposit (decision 162)
    reviewedBy: uuid('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewReason: text('review_reason'),
  },
  (t) => [unique('deposit_orders_code_key').on(t.agencyId, t.transactionCode)],
);
export type DepositOrderRow = typeof depositOrders.$inferSelect;

/** Migration 0038: payments the bank reported that credit no order (docs/decisions/059). */
export type UnmatchedReason = 'NO_ORDER' | 'PAID_TWICE' | 'AMOUNT_MISMATCH';
export const unmatchedPayments = pgTable('unmatched_payments', {
  id: uuid('id').primaryKey().defaultRandom(),
  agencyId: uuid('agency_id').notNull(),
  orderId: uuid('order_id'),
  gatewayReference: text('gateway_reference').notNull(),
  bankReference: text('bank_reference').notNull().unique(),
  amountLak: bigint('amount_lak', { mode: 'bigint' }).notNull(),
  currency: text('currency').notNull(),
  paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  reason: text('reason').$type<UnmatchedReason>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  refundReference: text('refund_reference').unique(),
  refundedAt: timestamp('refunded_at', { withTimezone: true }),
});
export type UnmatchedPaymentRow = typeof unmatchedPayments.$inferSelect;
