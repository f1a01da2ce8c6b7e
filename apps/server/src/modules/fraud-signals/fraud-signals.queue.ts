import { sql, type AnyColumn } from 'drizzle-orm';
import type { FraudSignalKind, QueueSignals } from '@app/contracts';

/**
 * A queue row's signals, read by the row's agency and player through fraud_signals_player_{a,b}_idx:
 * how many are not dismissed, and their kinds (the names are on the player's signals).
 */
export const queueSignals = (agencyId: AnyColumn, playerId: AnyColumn) =>
  sql<string>`(SELECT count(*)::text || ';' || coalesce(string_agg(DISTINCT s.kind, ',' ORDER BY s.kind), '')
                 FROM fraud_signals s
                WHERE s.agency_id = ${agencyId} AND (s.player_a = ${playerId} OR s.player_b = ${playerId}) AND s.status <> 'dismissed')`;

/** The column's text (`count;kind,kind`) as the queue's contract says it. */
export function toQueueSignals(text: string | null): QueueSignals {
  const [count = '0', kinds = ''] = (text ?? '0;').split(';');
  return { count: Number(count), kinds: kinds ? (kinds.split(',') as FraudSignalKind[]) : [] };
}
