import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Migration 0126 (docs/decisions/174-announcements.md): a message shown to an agency's players from `startsAt` until `endsAt`. */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id').notNull(),
    textLo: text('text_lo').notNull(),
    textCn: text('text_cn').notNull(),
    textVn: text('text_vn').notNull(),
    textTh: text('text_th').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    staffId: uuid('staff_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('announcements_agency_ends').on(t.agencyId, t.endsAt)],
);
