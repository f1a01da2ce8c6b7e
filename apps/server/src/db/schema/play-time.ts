import { bigint, date, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Migration 0127 (docs/decisions/113-play-time-and-net-today.md): a player's first game launch of a Vientiane day at a provider. */
export const playerPlayDays = pgTable(
  'player_play_days',
  {
    agencyId: uuid('agency_id').notNull(),
    playerId: uuid('player_id').notNull(),
    /** the Vientiane date, yyyy-mm-dd */
    day: date('day').notNull(),
    provider: text('provider').notNull(),
    firstLaunchAt: timestamp('first_launch_at', { withTimezone: true }).notNull(),
    /** THB minor units at the provider, read live at that launch */
    creditAtFirstLaunch: bigint('credit_at_first_launch', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.day, t.provider] })],
);
