// eslint-disable-next-line import-x/no-extraneous-dependencies -- the server's own query builder, for the server's tables
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../../apps/server/src/db/client.js';
import { checkLedger } from '../../apps/server/src/ledger/check.js';
import { expireDepositsNow } from '../../apps/server/src/test/deposit-expiry.js';
import { playerCredit } from '../../apps/server/src/ledger/ledger.js';
import type { TestSandbox } from '../../apps/server/src/test/sandbox.js';
import { checkResponsiblePlay, checkWrongAmounts, type Result } from './check-rules.js';
import type { Player } from './player.js';
import type { Staff } from './staff.js';
import type { Ledger } from './workload.js';

export type { Result } from './check-rules.js';

const count = async (db: Parameters<typeof queryRows>[0], query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: string }>(db, query))[0]?.n ?? 0);

/**
 * After the faults: what is still open is closed as players and staff would (a player cancels an
 * unpaid order, staff decide the queue), and the money in flight is waited for, up to `limitMs`.
 */
export async function settleEverything(t: {
  players: Map<string, Player>;
  /** orders paid with the wrong amount: they wait for their expiry, brought to now */
  wrongAmountOrders: string[];
  staff: Staff;
  sandbox: TestSandbox;
  databaseUrl: string;
  log: (line: string) => void;
  limitMs?: number;
}) {
  const database = await openDatabase({ url: t.databaseUrl, poolSize: 2 });
  const db = database.db;
  const deadline = Date.now() + (t.limitMs ?? 180_000);
  try {
    // the bank's callbacks still on their way (late, retried) land first
    await new Promise((r) => setTimeout(r, 5_000));
    for (const p of t.players.values()) {
      const open = await p.call('GET', '/v2/deposits/open');
      const id = open.field('order.id');
      if (id) await p.call('POST', `/v2/deposits/${id}/cancel`, undefined, { idempotent: true });
    }
    // an order paid with the wrong amount can be closed by nobody but its expiry (the kip is kept for staff)
    const expired = await expireDepositsNow(db, t.wrongAmountOrders);
    if (expired) t.log(`${expired} orders paid with the wrong amount brought to their expiry`);
    while (Date.now() < deadline) {
      while ((await t.staff.decide(t.players)) > 0);
      const inFlight = await count(
        db,
        sql`SELECT (SELECT count(*) FROM deposit_orders WHERE status IN ('OPEN', 'PAID'))
                 + (SELECT count(*) FROM withdrawals WHERE status IN ('PENDING', 'OPEN') OR return_status = 'PENDING')
                 + (SELECT count(*) FROM provider_transfers WHERE status = 'PENDING') AS n`,
      );
      if (inFlight === 0) return;
      t.log(`${inFlight} orders or transfers still in flight`);
      await new Promise((r) => setTimeout(r, 2_000));
    }
  } finally {
    await database.close();
  }
}

/** The soak's invariants: the ledger, each player's credit at both ends, nothing open, every acknowledged request once. */
export async function checkInvariants(t: {
  ledger: Ledger;
  players: Map<string, Player>;
  sandbox: TestSandbox;
  databaseUrl: string;
  forgedAccepted: number;
}): Promise<Result[]> {
  const database = await openDatabase({ url: t.databaseUrl, poolSize: 2 });
  const db = database.db;
  const results: Result[] = [];
  try {
    const problems = await checkLedger(db);
    results.push({ name: 'ledger invariants (ledger/check.ts)', ok: problems.length === 0, detail: problems.slice(0, 5).join('; ') });

    const [agency] = await queryRows<{ id: string }>(db, sql`SELECT id::text AS id FROM agencies LIMIT 1`);
    const mismatched: string[] = [];
    const unexpected: string[] = [];
    const out = await queryRows<{ player_id: string; n: string }>(
      db,
      // what left the provider for good: a paid-out withdrawal's whole credit (the part not received, credit returned and
      // promo credit, goes to the house's promotion account since decision 045); the others came back whole
      sql`SELECT player_id::text, sum(CASE WHEN status = 'SUCCESS' THEN total_credit ELSE 0 END)::text AS n
            FROM withdrawals GROUP BY player_id`,
    );
    const withdrawn = new Map(out.map((r) => [r.player_id, BigInt(r.n)]));
    // bonuses that rode in a paid deposit's transfer, less what a cancel took back
    const promo = await queryRows<{ player_id: string; bonus: string; taken: string }>(
      db,
      sql`SELECT u.player_id::text,
                 coalesce(sum(u.bonus) FILTER (WHERE EXISTS (SELECT 1 FROM ledger_transactions l
                                                  WHERE l.reference = 'deposit:' || u.deposit_order_id || ':bonus')), 0)::text AS bonus,
                 coalesce(sum(u.clawed_back), 0)::text AS taken
            FROM promotion_usages u GROUP BY u.player_id`,
    );
    const bonuses = new Map(promo.map((r) => [r.player_id, BigInt(r.bonus) - BigInt(r.taken)]));
    const deposited = new Map<string, bigint>();
    for (const d of t.ledger.paidDeposits) deposited.set(d.playerId, (deposited.get(d.playerId) ?? 0n) + d.creditMinor);
    for (const playerId of t.players.keys()) {
      const atProvider = (await t.sandbox.providerBalance('gclub', playerId)) ?? 0n;
      const inLedger = await playerCredit(db, agency!.id, playerId, 'gclub');
      if (atProvider !== inLedger) mismatched.push(`${playerId}: ledger ${inLedger}, provider ${atProvider}`);
      const expected = (deposited.get(playerId) ?? 0n) + (bonuses.get(playerId) ?? 0n) - (withdrawn.get(playerId) ?? 0n);
      if (atProvider !== expected) {
        unexpected.push(`${playerId}: provider ${atProvider}, paid deposits and bonuses less clawbacks and withdrawals ${expected}`);
      }
    }
    results.push({
      name: `each player's ledger credit equals the provider's (${t.players.size} players)`,
      ok: mismatched.length === 0,
      detail: mismatched.slice(0, 5).join('; '),
    });
    results.push({
      name: "each player's provider credit is its paid deposits and bonuses less clawbacks and paid-out withdrawals",
      ok: unexpected.length === 0,
      detail: unexpected.slice(0, 5).join('; '),
    });

    // the house's promotion account (PROMOTION_EXPENSE, THB): bonuses credited went out of it; the bonuses of
    // deposits whose transfer the provider voided, clawbacks, and the promo credit and credit returned of
    // paid-out withdrawals came back into it (decision 045)
    const [account] = await queryRows<{ balance: string; credited: string; voided: string; taken: string; returned: string }>(
      db,
      sql`SELECT (SELECT coalesce(sum(balance), 0) FROM ledger_accounts WHERE type = 'PROMOTION_EXPENSE' AND currency = 'THB')::text AS balance,
                 (SELECT coalesce(sum(e.amount), 0) FROM ledger_entries e JOIN ledger_transactions l ON l.id = e.transaction_id
                   WHERE l.reference LIKE 'deposit:%:bonus')::text AS credited,
                 (SELECT coalesce(sum(e.amount), 0) FROM ledger_entries e JOIN ledger_transactions l ON l.id = e.transaction_id
                   WHERE l.reference LIKE 'deposit:%:bonus-voided')::text AS voided,
                 (SELECT coalesce(sum(clawed_back), 0) FROM promotion_usages)::text AS taken,
                 (SELECT coalesce(sum(promo_credit + credit_returned), 0) FROM withdrawals WHERE status = 'SUCCESS')::text AS returned`,
    );
    const promotionNet = BigInt(account!.credited) - BigInt(account!.voided) - BigInt(account!.taken) - BigInt(account!.returned);
    results.push({
      name: 'the promotion account equals bonuses credited less voided, taken back and returned',
      ok: -BigInt(account!.balance) === promotionNet,
      detail: `account ${account!.balance}; credited ${account!.credited}, voided ${account!.voided}, taken back ${account!.taken}, returned ${account!.returned}`,
    });

    const open = await queryRows<{ what: string; n: string }>(
      db,
      sql`SELECT 'deposit ' || status AS what, count(*)::text AS n FROM deposit_orders WHERE status IN ('OPEN', 'PAID') GROUP BY status
          UNION ALL SELECT 'withdrawal ' || status, count(*)::text FROM withdrawals WHERE status IN ('PENDING', 'OPEN') GROUP BY status
          UNION ALL SELECT 'withdrawal return ' || return_status, count(*)::text FROM withdrawals WHERE return_status IN ('PENDING', 'ATTENTION') GROUP BY return_status
          UNION ALL SELECT 'transfer PENDING', count(*)::text FROM provider_transfers WHERE status = 'PENDING' HAVING count(*) > 0`,
    );
    results.push({
      name: 'no order or transfer left non-terminal',
      ok: open.length === 0,
      detail: open.map((r) => `${r.what} ${r.n}`).join(', '),
    });

    const depositIds = t.ledger.paidDeposits.map((d) => d.id);
    const wrong = await queryRows<{ id: string; status: string; paid: string; transfers: string }>(
      db,
      sql`SELECT d.id::text, d.status,
                 (SELECT count(*) FROM ledger_transactions l WHERE l.reference = 'deposit:' || d.id || ':paid')::text AS paid,
                 (SELECT count(*) FROM provider_transfers t WHERE t.order_id = d.id)::text AS transfers
            FROM deposit_orders d WHERE d.id = ANY (${`{${depositIds.join(',')}}`}::uuid[])`,
    );
    const notOnce = wrong.filter((r) => r.status !== 'SUCCESS' || r.paid !== '1' || r.transfers !== '1');
    results.push({
      name: `every paid deposit credited exactly once (${depositIds.length})`,
      ok: wrong.length === depositIds.length && notOnce.length === 0,
      detail: notOnce
        .slice(0, 5)
        .map((r) => `${r.id} ${r.status} paid×${r.paid} transfers×${r.transfers}`)
        .join('; '),
    });

    const rows = await queryRows<{ id: string; status: string }>(db, sql`SELECT id::text, status FROM withdrawals`);
    const statusOf = new Map(rows.map((r) => [r.id, r.status]));
    const want = { approve: 'SUCCESS', reject: 'REJECTED', cancel: 'CANCELED' } as const;
    const badDecisions: string[] = [];
    for (const [id, w] of t.ledger.withdrawals) {
      const status = statusOf.get(id);
      if (!status) badDecisions.push(`${id} acknowledged, not in the database`);
      else if (w.decided && status !== want[w.decided]) badDecisions.push(`${id} ${w.decided} acknowledged, ${status}`);
    }
    const unacknowledged = rows.filter((r) => !t.ledger.withdrawals.has(r.id));
    results.push({
      name: `every acknowledged withdrawal and decision took effect once (${t.ledger.withdrawals.size} withdrawals)`,
      ok: badDecisions.length === 0 && unacknowledged.length === 0 && t.ledger.duplicateWithdrawals.length === 0,
      detail: [
        ...badDecisions.slice(0, 5),
        unacknowledged.length
          ? `${unacknowledged.length} withdrawals nobody was told of: ${unacknowledged
              .slice(0, 3)
              .map((r) => `${r.id} ${r.status}`)
              .join(', ')}`
          : '',
        t.ledger.duplicateWithdrawals.length ? `made twice: ${t.ledger.duplicateWithdrawals.slice(0, 3).join(', ')}` : '',
        t.ledger.learnedWithdrawals ? `${t.ledger.learnedWithdrawals} learned from the history after a lost answer` : '',
      ]
        .filter(Boolean)
        .join('; '),
    });
    results.push(await checkWrongAmounts(db, t.ledger));
    results.push(...(await checkResponsiblePlay(db, t.ledger)));
    results.push({
      name: 'forged callbacks refused',
      ok: t.forgedAccepted === 0,
      detail: t.forgedAccepted ? `${t.forgedAccepted} accepted` : '',
    });
    results.push({
      name: 'no answer 500 (or another 5xx but the 502 of a killed instance and the 503 of a dependency out of reach)',
      ok: t.ledger.serverErrors.length === 0,
      detail: `${t.ledger.serverErrors.length}${t.ledger.serverErrors.length ? `: ${[...new Set(t.ledger.serverErrors)].slice(0, 5).join('; ')}` : ''}`,
    });
  } finally {
    await database.close();
  }
  return results;
}
