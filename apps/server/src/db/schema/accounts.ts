import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { FingerprintBody } from '@app/contracts';
import { agencies } from './platform.js';

export type PlayerStatus = 'active' | 'blocked';

export const players = pgTable(
  'players',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    displayName: text('display_name').notNull(),
    status: text('status').$type<PlayerStatus>().notNull().default('active'),
    promotionBlocked: boolean('promotion_blocked').notNull().default(false),
    /** a password reset by staff: the player must choose a new one first (migration 0036) */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** the client address the player registered from (migration 0118, fraud signals) */
    registrationIp: text('registration_ip'),
  },
  (t) => [unique().on(t.agencyId, t.username), unique().on(t.agencyId, t.id)],
);

export const playerSessions = pgTable(
  'player_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('player_sessions_player_idx').on(t.playerId)],
);

export const playerFingerprints = pgTable(
  'player_fingerprints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    day: date('day').notNull(),
    hash: text('hash').notNull(),
    payload: jsonb('payload').$type<FingerprintBody>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.playerId, t.day), index('player_fingerprints_hash_idx').on(t.hash)],
);

/**
 * The rate limits' counters, one row per key (plugins/rate-limit.ts, docs/decisions/197): the key's
 * latest window, its hits, and the hits of the window before it.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
    previous: integer('previous').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);

/** The counters before decision 197, one row per key and window: read by the previous release only; dropped a release later (decision 101). */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limit_counters_expires_idx').on(t.expiresAt)],
);

/** Clients an account has logged in from: `device:<sha256>` or `ip:<address>` (plugins/login-throttle.ts). */
export const loginKnownClients = pgTable(
  'login_known_clients',
  {
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    account: text('account').notNull(),
    client: text('client').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.account, t.client] })],
);
