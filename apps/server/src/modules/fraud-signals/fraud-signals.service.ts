import { sql } from 'drizzle-orm';
import type { FraudSignal, FraudSignalKind, FraudSignalStatus } from '@app/contracts';
import { writeAudit } from '../../audit/audit.js';
import { queryRows } from '../../db/client.js';
import { transactionWithRetry } from '../../db/errors.js';
import { AppError, notFound } from '../../errors.js';
import {
  bankAccountSources,
  bonusRingSources,
  deviceSources,
  inBlockingRing,
  registrationSources,
  writePairs,
  type PairSource,
} from './fraud-signals.detect.js';
import type { FraudSignalsDependencies, FraudSignalsService, SignalEvent } from './fraud-signals.types.js';

/** How many signals a player's page lists. */
const SHOWN = 100;

type Sources = (agencyId: string, playerId: string) => PairSource[];
/**
 * What each event writes, in one statement: a withdrawal writes every pair kind again, so that
 * nothing an earlier event missed stays missing.
 */
const SOURCES: Record<SignalEvent, Sources[]> = {
  registered: [(_, playerId) => deviceSources(playerId), registrationSources],
  // a device shared after both took a first-deposit promotion makes the ring then
  fingerprint: [(_, playerId) => deviceSources(playerId), bonusRingSources],
  bank_account: [bankAccountSources],
  withdrawal: [(_, playerId) => deviceSources(playerId), bankAccountSources, registrationSources, bonusRingSources],
};

interface SignalRow {
  id: string;
  kind: FraudSignalKind;
  status: FraudSignalStatus;
  ref: string;
  reason: string | null;
  decided_at: Date | string | null;
  created_at: Date | string;
  other_id: string;
  other_username: string;
  staff_username: string | null;
  promotion_code: string | null;
}

const iso = (v: Date | string) => new Date(v).toISOString();

function toSignal(r: SignalRow): FraudSignal {
  return {
    id: r.id,
    kind: r.kind,
    status: r.status,
    other: { id: r.other_id, username: r.other_username },
    shared: r.kind === 'bonus_ring' ? (r.promotion_code ?? '') : r.ref,
    createdAt: iso(r.created_at),
    decision:
      r.status === 'open' || r.decided_at === null
        ? null
        : { reason: r.reason ?? '', staffUsername: r.staff_username, decidedAt: iso(r.decided_at) },
  };
}

export function createFraudSignalsService({ db, log }: FraudSignalsDependencies): FraudSignalsService {
  return {
    async recordAfter(event, { agencyId, playerId }, on = db) {
      try {
        await writePairs(
          on,
          agencyId,
          playerId,
          SOURCES[event].flatMap((sources) => sources(agencyId, playerId)),
        );
      } catch (err) {
        log.warn({ err, event, playerId }, 'fraud signals not written; the next withdrawal writes them');
      }
    },

    async bonusRing({ agencyId, playerId }, promotionId) {
      await writePairs(db, agencyId, playerId, bonusRingSources(agencyId, playerId, promotionId));
      return inBlockingRing(db, agencyId, playerId);
    },

    ringBlocked: ({ agencyId, playerId }) => inBlockingRing(db, agencyId, playerId),

    async forPlayer({ agencyId, playerId }) {
      const [player] = await queryRows<{ id: string }>(db, sql`SELECT id FROM players WHERE agency_id = ${agencyId} AND id = ${playerId}`);
      if (!player) throw notFound('no such player');
      const rows = await queryRows<SignalRow>(
        db,
        sql`SELECT s.id, s.kind, s.status, s.ref, s.reason, s.decided_at, s.created_at,
                   o.id AS other_id, o.username AS other_username, st.username AS staff_username, pr.code AS promotion_code
              FROM fraud_signals s
              JOIN players o ON o.agency_id = s.agency_id
               AND o.id = CASE WHEN s.player_a = ${playerId}::uuid THEN s.player_b ELSE s.player_a END
              LEFT JOIN staff_users st ON st.id = s.decided_by
              LEFT JOIN promotions pr ON s.kind = 'bonus_ring' AND pr.agency_id = s.agency_id AND pr.id::text = split_part(s.ref, ':', 1)
             WHERE s.agency_id = ${agencyId} AND (s.player_a = ${playerId} OR s.player_b = ${playerId})
             ORDER BY (s.status = 'open') DESC, s.created_at DESC, s.id
             LIMIT ${SHOWN}`,
      );
      return { items: rows.map(toSignal) };
    },

    async decide(actor, signalId, { outcome, reason }) {
      const { agencyId, staffId } = actor.staff;
      return transactionWithRetry(db, async (tx) => {
        const [signal] = await queryRows<{
          kind: FraudSignalKind;
          status: FraudSignalStatus;
          reason: string | null;
          ref: string;
          player_a: string;
          player_b: string;
        }>(
          tx,
          sql`SELECT kind, status, reason, ref, player_a, player_b FROM fraud_signals
               WHERE id = ${signalId} AND agency_id = ${agencyId} FOR UPDATE`,
        );
        if (!signal) throw notFound('no such signal');
        if (signal.status !== 'open') {
          // the same decision again (a double click, a lost answer): answered as it stands
          if (signal.status === outcome && signal.reason === reason) return { decided: 0 };
          throw new AppError('CONFLICT', `the signal was already ${signal.status}`);
        }
        // a ring is one decision: every open pair of the same ring (promotion and device) with it
        const which =
          signal.kind === 'bonus_ring'
            ? sql`agency_id = ${agencyId} AND kind = 'bonus_ring' AND ref = ${signal.ref}`
            : sql`id = ${signalId}`;
        const decided = await queryRows<{ id: string }>(
          tx,
          sql`UPDATE fraud_signals SET status = ${outcome}, reason = ${reason}, decided_by = ${staffId}, decided_at = now()
               WHERE ${which} AND status = 'open' RETURNING id`,
        );
        await writeAudit(tx, actor, {
          action: 'signal.decision',
          entityType: 'fraud_signal',
          entityId: signalId,
          before: { status: 'open' },
          after: { kind: signal.kind, outcome, reason, players: [signal.player_a, signal.player_b], signals: decided.length },
        });
        return { decided: decided.length };
      });
    },
  };
}
