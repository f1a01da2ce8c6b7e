import { bigint, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { AlertChannel, AlertEvent, AlertLanguage } from '@app/contracts';
import { agencies } from './platform.js';

/** Staff alerts (migration 0085_staff_alerts.sql, docs/decisions/112). */
export const staffAlertSettings = pgTable('staff_alert_settings', {
  agencyId: uuid('agency_id')
    .primaryKey()
    .references(() => agencies.id),
  language: text('language').$type<AlertLanguage>().notNull().default('lo'),
  events: text('events').array().$type<AlertEvent[]>().notNull().default([]),
  withdrawalOverLak: bigint('withdrawal_over_lak', { mode: 'bigint' }),
  withdrawalWaitMinutes: integer('withdrawal_wait_minutes'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const staffAlertChannels = pgTable(
  'staff_alert_channels',
  {
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    channel: text('channel').$type<AlertChannel>().notNull(),
    recipient: text('recipient').notNull(),
    /** lib/credentials.ts, bound to `alerts:<agencyId>:<channel>`; never answered */
    tokenEncrypted: text('token_encrypted').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.channel] })],
);

export const staffAlertEvents = pgTable(
  'staff_alert_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    eventKey: text('event_key').notNull(),
    kind: text('kind').$type<AlertEvent | 'test'>().notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('staff_alert_events_agency_id_event_key_key').on(t.agencyId, t.eventKey)],
);
