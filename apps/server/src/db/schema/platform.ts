import { bigint, boolean, index, integer, jsonb, numeric, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { AgencySettings } from '@app/contracts';

export interface Social {
  telegram: string;
  whatsapp: string;
  facebook: string;
  twitter: string;
  line: string;
}

export const agencies = pgTable('agencies', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  social: jsonb('social').$type<Social>().notNull(),
  settings: jsonb('settings').$type<AgencySettings>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** set by `npm run ops -- agency disable` (migration 0080): the agency then answers as an unknown host */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
});

export const agencyHosts = pgTable(
  'agency_hosts',
  {
    host: text('host').primaryKey(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    /** the agency's public address (at most one per agency): links back to the site are built on it */
    isPrimary: boolean('is_primary').notNull().default(false),
  },
  (t) => [index('agency_hosts_agency_idx').on(t.agencyId)],
);

export const providers = pgTable('providers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull(),
});

export const currencies = pgTable(
  'currencies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    code: text('code').$type<'LAK' | 'THB' | 'USD'>().notNull(),
    mid: text('mid'),
    displayName: text('display_name').notNull(),
    currency: text('currency').$type<'LAK' | 'THB' | 'USD'>().notNull(),
    buyRate: numeric('buy_rate', { precision: 18, scale: 6 }).notNull(),
    sellRate: numeric('sell_rate', { precision: 18, scale: 6 }).notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.agencyId, t.code)],
);

/** Every change of a currency's rates, written in the change's transaction (migration 0037). */
/** A rate change beyond the agency's bound, waiting for a second staff user (decision 172). */
export const currencyRateRequests = pgTable(
  'currency_rate_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    currencyId: uuid('currency_id')
      .notNull()
      .unique()
      .references(() => currencies.id),
    buyRate: numeric('buy_rate', { precision: 18, scale: 6 }).notNull(),
    sellRate: numeric('sell_rate', { precision: 18, scale: 6 }).notNull(),
    isEnabled: boolean('is_enabled').notNull(),
    previousBuyRate: numeric('previous_buy_rate', { precision: 18, scale: 6 }).notNull(),
    previousSellRate: numeric('previous_sell_rate', { precision: 18, scale: 6 }).notNull(),
    requestedBy: uuid('requested_by').notNull(),
    requestedUsername: text('requested_username').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('currency_rate_requests_agency_idx').on(t.agencyId)],
);

export const currencyRateHistory = pgTable('currency_rate_history', {
  id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  agencyId: uuid('agency_id')
    .notNull()
    .references(() => agencies.id),
  currencyId: uuid('currency_id')
    .notNull()
    .references(() => currencies.id),
  buyRate: numeric('buy_rate', { precision: 18, scale: 6 }).notNull(),
  sellRate: numeric('sell_rate', { precision: 18, scale: 6 }).notNull(),
  previousBuyRate: numeric('previous_buy_rate', { precision: 18, scale: 6 }).notNull(),
  previousSellRate: numeric('previous_sell_rate', { precision: 18, scale: 6 }).notNull(),
  staffId: uuid('staff_id'),
  staffUsername: text('staff_username').notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});
