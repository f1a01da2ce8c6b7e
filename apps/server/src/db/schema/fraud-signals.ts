import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { FraudSignalKind, FraudSignalStatus } from '@app/contracts';
import { agencies } from './platform.js';

/** Migration 0118 (docs/decisions/164-fraud-signals.md): a pair of an agency's players that may be one person. */
export const fraudSignals = pgTable(
  'fraud_signals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    kind: text('kind').$type<FraudSignalKind>().notNull(),
    /** the pair, ordered: player_a < player_b (both the agency's, by composite foreign keys) */
    playerA: uuid('player_a').notNull(),
    playerB: uuid('player_b').notNull(),
    /** what they share: the fingerprint, the account number, bank:name, the address, promotion:fingerprint */
    ref: text('ref').notNull(),
    status: text('status').$type<FraudSignalStatus>().notNull().default('open'),
    reason: text('reason'),
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('fraud_signals_pair').on(t.agencyId, t.kind, t.playerA, t.playerB),
    index('fraud_signals_player_a_idx').on(t.agencyId, t.playerA),
    index('fraud_signals_player_b_idx').on(t.agencyId, t.playerB),
  ],
);
