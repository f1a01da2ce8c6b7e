import { bigint, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CreditMoveStatus } from '@app/contracts';

/** Migration 0120 (docs/decisions/176-credit-moves.md): credit moved from one provider to another. */
export const creditMoves = pgTable('credit_moves', {
  id: uuid('id').primaryKey(),
  agencyId: uuid('agency_id').notNull(),
  playerId: uuid('player_id').notNull(),
  fromProviderId: text('from_provider_id').notNull(),
  toProviderId: text('to_provider_id').notNull(),
  /** THB minor units */
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  status: text('status').$type<CreditMoveStatus>().notNull(),
  returnAttempts: integer('return_attempts').notNull().default(0),
  requestKey: text('request_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type CreditMoveRow = typeof creditMoves.$inferSelect;
