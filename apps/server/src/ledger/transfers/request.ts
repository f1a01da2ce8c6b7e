import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { queryRowsPrepared, tableRows, type Tx } from '../../db/client.js';
import { providerTransfers } from '../../db/schema/index.js';
import { enqueueSql } from '../../jobs/queue.js';
import { ensureAccounts, postMany, type PostRequest } from '../ledger.js';
import { playerAccountKeys } from './accounts.js';
import { jobKey, TRANSFER_JOB, type Transfer, type TransferParams } from './kinds.js';

export interface RequestItem {
  params: TransferParams;
  /** `playerAccounts(…)` of this player and provider when the caller already has them */
  accounts?: readonly [inFlight: string, credit: string];
}

/**
 * Reserves the amounts and queues the provider calls, in the caller's transaction, in three
 * statements whatever their number: the reservations (source → in flight) in one ledger posting
 * call, then the PENDING transfers with their jobs in one INSERT. Answers in order. An OUT larger
 * than the player's ledger credit throws InsufficientFundsError and refuses them all: nothing is
 * written. A repeated reference answers the first transfer and moves nothing.
 */
export async function requestTransfers(
  tx: Tx,
  items: readonly RequestItem[],
  /** the caller's own postings, made in the same ledger call before the reservations (one lock pass) */
  postFirst: readonly PostRequest[],
  /**
   * `dispatch`: the caller hands the new transfers to `dispatch()` once its transaction commits.
   * Their first attempt is counted now and their jobs are due only after `leaseMs` (the worker's
   * lease): the worker takes over what the dispatch could not finish
   * (docs/decisions/024-callbacks-acknowledged-first.md).
   */
  opts: { dispatch?: boolean; leaseMs: number },
): Promise<{ transfer: Transfer; duplicate: boolean }[]> {
  if (items.length === 0) {
    await postMany(tx, postFirst);
    return [];
  }
  // The ledger posting comes first: it takes the accounts' row locks in id order before the
  // transfer row's foreign key takes a share lock on the counter account. The other way round,
  // two requests on one counter account could each hold the share lock and wait for the other.
  const missing = items.filter((i) => !i.accounts).map((i) => playerAccountKeys(i.params.agencyId, i.params.playerId, i.params.providerId));
  const looked = missing.length > 0 ? await ensureAccounts(tx, missing.flat()) : [];
  let next = 0;
  const withAccounts = items.map((i) => {
    if (i.accounts) return { p: i.params, inFlight: i.accounts[0], credit: i.accounts[1], id: randomUUID() };
    const [inFlight, credit] = [looked[next]!, looked[next + 1]!];
    next += 2;
    return { p: i.params, inFlight, credit, id: randomUUID() };
  });
  const posted = await postMany(tx, [
    ...postFirst,
    ...withAccounts.map(({ p, inFlight, credit, id }) => ({
      agencyId: p.agencyId,
      reference: `transfer:${p.reference}:pending`,
      kind: `${p.kind}:pending`,
      entries: [{ from: p.direction === 'IN' ? p.counterAccountId : credit, to: inFlight, currency: 'THB' as const, amount: p.amount }],
      metadata: { transferId: id },
    })),
  ]);
  const reserved = posted.slice(postFirst.length);
  const fresh = withAccounts.filter((_, i) => !reserved[i]!.duplicate);
  const created = new Map<string, Transfer>();
  if (fresh.length > 0) {
    // the transfers and their jobs in one statement, the jobs written by a CTE (the transactional
    // outbox); the rows as one JSON parameter, so that its text does not depend on their number
    // (a named prepared statement, parsed and planned once per connection)
    const transfers = JSON.stringify(
      fresh.map(({ p, inFlight, id }) => ({
        id,
        agency_id: p.agencyId,
        player_id: p.playerId,
        player_username: p.username,
        provider_id: p.providerId,
        direction: p.direction,
        amount: p.amount.toString(),
        reference: p.reference,
        kind: p.kind,
        order_id: p.orderId ?? null,
        counter_account_id: p.counterAccountId,
        in_flight_account_id: inFlight,
      })),
    );
    const jobs = enqueueSql(
      fresh.map(({ id }) => ({ type: TRANSFER_JOB, payload: { transferId: id }, uniqueKey: jobKey(id) })),
      opts.dispatch ? opts.leaseMs : 0,
    );
    const rows = await queryRowsPrepared<Record<string, unknown>>(
      tx,
      'transfers_request',
      sql`WITH job AS (${jobs})
          INSERT INTO provider_transfers (id, agency_id, player_id, player_username, provider_id, direction, amount, reference,
                                          kind, order_id, counter_account_id, in_flight_account_id, attempts)
          SELECT t.id, t.agency_id, t.player_id, t.player_username, t.provider_id, t.direction, t.amount, t.reference,
                 t.kind, t.order_id, t.counter_account_id, t.in_flight_account_id, ${opts.dispatch ? 1 : 0}::int
            FROM jsonb_to_recordset(${transfers}::jsonb) AS t (id uuid, agency_id uuid, player_id uuid, player_username text,
                 provider_id text, direction text, amount bigint, reference text, kind text, order_id uuid, counter_account_id uuid,
                 in_flight_account_id uuid)
          RETURNING *`,
    );
    for (const row of tableRows(providerTransfers, rows)) created.set(row.reference, row);
  }
  const repeated = withAccounts.filter((_, i) => reserved[i]!.duplicate).map(({ p }) => p.reference);
  if (repeated.length > 0) {
    for (const row of await tx.select().from(providerTransfers).where(inArray(providerTransfers.reference, repeated)))
      created.set(row.reference, row);
  }
  return withAccounts.map(({ p }, i) => ({ transfer: created.get(p.reference)!, duplicate: reserved[i]!.duplicate }));
}
