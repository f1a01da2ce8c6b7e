import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ProviderId } from '@app/contracts';

/** Migration 0112 (docs/decisions/175-provider-maintenance.md): a provider an agency switched off for maintenance. */
export const providerMaintenance = pgTable(
  'provider_maintenance',
  {
    agencyId: uuid('agency_id').notNull(),
    provider: text('provider').$type<ProviderId>().notNull(),
    /** null: until staff switch it back on */
    until: timestamp('until', { withTimezone: true }),
    staffId: uuid('staff_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.provider] })],
);
