import { bigint, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { DepositLimitPeriod, ExclusionKind, ExclusionPeriod } from '@app/contracts';

/** Migration 0105 (docs/decisions/160-responsible-play.md): one row per change of a deposit limit. */
export const playerDepositLimits = pgTable('player_deposit_limits', {
  id: uuid('id').primaryKey().defaultRandom(),
  agencyId: uuid('agency_id').notNull(),
  playerId: uuid('player_id').notNull(),
  period: text('period').$type<DepositLimitPeriod>().notNull(),
  /** null: the limit removed */
  amountLak: bigint('amount_lak', { mode: 'bigint' }),
  effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  canceledAt: timestamp('canceled_at', { withTimezone: true }),
});
export type PlayerDepositLimitRow = typeof playerDepositLimits.$inferSelect;

/** Migration 0105: cooling-off and self-exclusion, never updated nor deleted. */
export const playerExclusions = pgTable('player_exclusions', {
  id: uuid('id').primaryKey().defaultRandom(),
  agencyId: uuid('agency_id').notNull(),
  playerId: uuid('player_id').notNull(),
  kind: text('kind').$type<ExclusionKind>().notNull(),
  period: text('period').$type<ExclusionPeriod>().notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  /** null: for good */
  endsAt: timestamp('ends_at', { withTimezone: true }),
  staffId: uuid('staff_id'),
  reason: text('reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type PlayerExclusionRow = typeof playerExclusions.$inferSelect;
