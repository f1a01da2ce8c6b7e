import { bigint, boolean, customType, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PromotionRules, PromotionTexts, PromotionUsageStatus } from '@app/contracts';

/** Migration 0030_promotions.sql holds the checks and the one-held-usage index (docs/decisions/045). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export const promotions = pgTable('promotions', {
  id: uuid('id').primaryKey().defaultRandom(),
  agencyId: uuid('agency_id').notNull(),
  code: text('code').notNull(),
  texts: jsonb('texts').$type<PromotionTexts>().notNull(),
  providers: text('providers').array().notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  maxUses: integer('max_uses'),
  maxUsesPerPlayer: integer('max_uses_per_player'),
  rules: jsonb('rules').$type<PromotionRules>().notNull(),
  isActive: boolean('is_active').notNull().default(true),
  uses: integer('uses').notNull().default(0),
  imageHash: text('image_hash'),
  imageType: text('image_type'),
  imageData: bytea('image_data'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type PromotionRow = typeof promotions.$inferSelect;

export type UsageClosedBy = 'PLAYER' | 'STAFF' | 'EXPIRED' | 'DEACTIVATED' | 'WITHDRAWAL' | 'RECHECK' | 'VOIDED';
export const promotionUsages = pgTable('promotion_usages', {
  id: uuid('id').primaryKey().defaultRandom(),
  agencyId: uuid('agency_id').notNull(),
  playerId: uuid('player_id').notNull(),
  promotionId: uuid('promotion_id').notNull(),
  providerId: text('provider_id').notNull(),
  status: text('status').$type<PromotionUsageStatus>().notNull(),
  depositOrderId: uuid('deposit_order_id'),
  depositCredit: bigint('deposit_credit', { mode: 'bigint' }),
  bonus: bigint('bonus', { mode: 'bigint' }),
  turnoverRequired: bigint('turnover_required', { mode: 'bigint' }),
  turnover: bigint('turnover', { mode: 'bigint' }),
  clawedBack: bigint('clawed_back', { mode: 'bigint' }),
  closedBy: text('closed_by').$type<UsageClosedBy>(),
  withdrawalId: uuid('withdrawal_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  closedAt: timestamp('closed_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type PromotionUsageRow = typeof promotionUsages.$inferSelect;

/**
 * The promotion figures kept by the database (migration 0049, decision 079): the totals as of the
 * worker's last fold, and the insert-only deltas a trigger writes with every statement on the usages.
 */
const figureColumns = () => ({
  agencyId: uuid('agency_id').notNull(),
  promotionId: uuid('promotion_id').notNull(),
  taken: bigint('taken', { mode: 'bigint' }).notNull(),
  inUse: bigint('in_use', { mode: 'bigint' }).notNull(),
  used: bigint('used', { mode: 'bigint' }).notNull(),
  cost: bigint('cost', { mode: 'bigint' }).notNull(),
});
export const promotionFigures = pgTable(
  'promotion_figures',
  { ...figureColumns(), foldedAt: timestamp('folded_at', { withTimezone: true }).notNull().defaultNow() },
  (t) => [primaryKey({ columns: [t.agencyId, t.promotionId] })],
);
export const promotionFigureDeltas = pgTable('promotion_figure_deltas', figureColumns());
