import { getTableColumns, sql } from 'drizzle-orm';
import { builtOnce, statementOnce, textArray, uuidArray, type Db, type Tx } from '../../db/client.js';
import { transactionWithRetry } from '../../db/errors.js';
import { providerTransfers } from '../../db/schema/index.js';
import { removeByKeysSql } from '../../jobs/queue.js';
import { postMany, type PostRequest } from '../ledger.js';
import { creditAccountOf, playerCreditAccount, reservedOn } from './accounts.js';
import { jobKey, type SettledManyHandler, type SettleRequest, type Settlement, type Transfer } from './kinds.js';

// built once, the values bound per call (decision 187)
const lockSettling = builtOnce((db) =>
  db
    .select({ ...getTableColumns(providerTransfers), creditAccountId: creditAccountOf })
    .from(providerTransfers)
    .where(sql`${providerTransfers.id} = ANY (${sql.placeholder('ids')}::uuid[])`)
    .orderBy(providerTransfers.id)
    .for('update')
    .prepare('transfers_lock_settling'),
);
const markSettled = statementOnce(
  'transfers_settled',
  sql`WITH done AS (${removeByKeysSql(sql.placeholder('jobs'))})
      UPDATE provider_transfers p
           SET status = u.status, settled_at = now(), updated_at = now(), provider_transfer_id = u.ptid, last_error = u.reason, needs_attention = false
          FROM jsonb_to_recordset(${sql.placeholder('updates')}::jsonb) AS u (id uuid, status text, ptid text, reason text)
         WHERE p.id = u.id AND p.id = ANY (${sql.placeholder('ids')}::uuid[])`,
);

/**
 * Settles several transfers in one transaction: locked in id order (a second settlement of one
 * finds it settled and does nothing), their orders moved by their kinds' handlers, the ledger
 * postings in one call (POSTED: in flight → where it was going; VOIDED: in flight → back where it
 * came from), the transfer rows in one UPDATE. Run again whole when PostgreSQL picks it as a
 * deadlock victim.
 */
export async function settleTransfers(
  db: Db,
  handlerOf: (kind: string) => SettledManyHandler,
  requests: readonly SettleRequest[],
  /**
   * `completeJobs`: the transfers' jobs are removed in the same transaction (dispatched transfers, a
   * staff ruling): a settled transfer's job has nothing left to do, and a row marked done would cost a
   * row version and three index entries per settlement, then the purge's delete (decision 193)
   */
  opts: { completeJobs?: boolean } = {},
) {
  if (requests.length === 0) return;
  await transactionWithRetry(db, (tx) => settleTransfersIn(tx, handlerOf, requests, opts));
}

/** The same in the caller's transaction (a staff ruling with its audit row); answers the transfers it settled. */
export async function settleTransfersIn(
  tx: Tx,
  handlerOf: (kind: string) => SettledManyHandler,
  requests: readonly SettleRequest[],
  opts: { completeJobs?: boolean } = {},
): Promise<Transfer[]> {
  const asked = new Map(requests.map((r) => [r.transferId, r]));
  // the transfers locked, with the player's credit account there (it exists: request() made it)
  const rows = await lockSettling(tx).execute({ ids: uuidArray(asked.keys()) });
  const settling = rows
    .filter((row) => row.status === 'PENDING')
    .map(({ creditAccountId, ...transfer }) => ({ transfer, creditAccountId, request: asked.get(transfer.id)! }));
  if (settling.length === 0) return [];
  const kinds = new Map<string, { transfer: Transfer; outcome: Settlement }[]>();
  for (const { transfer, request } of settling) {
    const settled = kinds.get(transfer.kind);
    if (settled) settled.push({ transfer, outcome: request.outcome });
    else kinds.set(transfer.kind, [{ transfer, outcome: request.outcome }]);
  }
  for (const [kind, settled] of kinds) await handlerOf(kind)(tx, settled);
  const postings: PostRequest[] = [];
  for (const { transfer: t, creditAccountId, request: r } of settling) {
    const inFlight = await reservedOn(tx, t);
    const credit = creditAccountId ?? (await playerCreditAccount(tx, t.agencyId, t.playerId, t.providerId));
    const destination = t.direction === 'IN' ? credit : t.counterAccountId;
    const origin = t.direction === 'IN' ? t.counterAccountId : credit;
    postings.push({
      agencyId: t.agencyId,
      reference: `transfer:${t.reference}:${r.outcome === 'POSTED' ? 'posted' : 'voided'}`,
      kind: `${t.kind}:${r.outcome.toLowerCase()}`,
      entries: [{ from: inFlight, to: r.outcome === 'POSTED' ? destination : origin, currency: 'THB', amount: t.amount }],
      metadata: { transferId: t.id, ...(r.reason ? { reason: r.reason } : {}) },
    });
  }
  // the ids also as `= ANY (…)`, so that the plan reaches the rows by primary key, not a scan of the table
  const updates = settling.map(({ request: r }) => ({
    id: r.transferId,
    status: r.outcome,
    ptid: r.providerTransferId,
    reason: r.reason ?? null,
  }));
  // with them, their jobs removed (one settled meanwhile by the worker: the worker marks its own); none
  // when not asked, the statement's text the same either way
  const jobsDone = opts.completeJobs ? settling.map(({ transfer }) => jobKey(transfer.id)) : [];
  await markSettled(tx, {
    jobs: textArray(jobsDone),
    updates: JSON.stringify(updates),
    ids: uuidArray(updates.map((u) => u.id)),
  });
  // the ledger last: the accounts' row locks it takes are held only until the commit
  await postMany(tx, postings);
  return settling.map(({ transfer }) => transfer);
}
