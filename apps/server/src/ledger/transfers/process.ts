import { and, eq, sql } from 'drizzle-orm';
import { builtOnce, uuidArray } from '../../db/client.js';
import { providerTransfers } from '../../db/schema/index.js';
import type { JobResult } from '../../jobs/worker.js';
import type { TransferOutcome } from '../../providers/types.js';
import { ask, settleRequestOf, unknownOutcome } from './ask.js';
import type { SettleRequest, TransferContext } from './kinds.js';

// built once, the ids bound per call (decision 187)
const countAttempt = builtOnce((db) =>
  db
    .update(providerTransfers)
    .set({ attempts: sql`${providerTransfers.attempts} + 1`, updatedAt: sql`now()` })
    .where(and(sql`${providerTransfers.id} = ANY (${sql.placeholder('ids')}::uuid[])`, eq(providerTransfers.status, 'PENDING')))
    .returning()
    .prepare('transfers_count_attempt'),
);

/**
 * The worker's step of several transfers' lives: their attempts counted in one statement, the
 * provider asked or told about each at once, and every definite answer settled in one
 * transaction; an unknown answer retried with backoff. Answers one result per id, in order.
 */
export async function processTransfers(
  ctx: TransferContext,
  settle: (requests: readonly SettleRequest[]) => Promise<void>,
  transferIds: readonly string[],
): Promise<JobResult[]> {
  if (transferIds.length === 0) return [];
  // count the attempt before calling: after a crash mid-call the next run asks for the status
  const counted = await countAttempt(ctx.db).execute({ ids: uuidArray(transferIds) });
  // as they were before this attempt
  const pending = new Map(counted.map((t) => [t.id, { ...t, attempts: t.attempts - 1 }]));
  const outcomes = new Map<string, TransferOutcome>(
    await Promise.all([...pending.values()].map(async (t) => [t.id, await ask(ctx.providers, t)] as const)),
  );
  const definite: SettleRequest[] = [];
  for (const [transferId, outcome] of outcomes) if (outcome.status !== 'UNKNOWN') definite.push(settleRequestOf(transferId, outcome));
  await settle(definite);
  return Promise.all(
    transferIds.map(async (id): Promise<JobResult> => {
      const t = pending.get(id);
      const outcome = outcomes.get(id);
      if (!t || !outcome || outcome.status !== 'UNKNOWN') return { done: true };
      const delay = await unknownOutcome(ctx, t, outcome.reason, t.attempts + 1);
      return { done: false, retryInMs: delay, error: outcome.reason };
    }),
  );
}
