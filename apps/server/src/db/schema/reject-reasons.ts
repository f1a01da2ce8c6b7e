import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Migration 0122 (docs/decisions/178-withdrawal-desk.md): an agency's preset reasons for rejecting a withdrawal. */
export const agencyRejectReasons = pgTable('agency_reject_reasons', {
  agencyId: uuid('agency_id').primaryKey(),
  /** in the order staff see them; at most REJECT_PRESETS_MAX */
  reasons: text('reasons').array().notNull(),
  staffId: uuid('staff_id').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
