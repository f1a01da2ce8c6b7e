// eslint-disable-next-line import-x/no-extraneous-dependencies -- the server's own query builder, for the server's tables
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../apps/server/src/db/client.js';
import type { Ledger } from './workload.js';

export interface Result {
  name: string;
  ok: boolean;
  detail?: string;
}

const uuids = (ids: string[]) => `{${ids.join(',')}}`;

/**
 * Payments of the wrong amount (decision 120): each kept once as unmatched (AMOUNT_MISMATCH, for its
 * order, with the amount the bank took), its kip booked once (`unmatched:<id>:received`), never
 * credited as its order.
 */
export async function checkWrongAmounts(db: Db, ledger: Ledger): Promise<Result> {
  const paid = ledger.wrongAmounts;
  const rows = await queryRows<{
    bank_reference: string;
    order_id: string;
    reason: string;
    amount: string;
    kept: string;
    booked: string;
    order_status: string;
    credited: string;
  }>(
    db,
    sql`SELECT u.bank_reference, u.order_id::text, u.reason, u.amount_lak::text AS amount,
               (SELECT count(*) FROM unmatched_payments v WHERE v.bank_reference = u.bank_reference)::text AS kept,
               (SELECT count(*) FROM ledger_transactions l WHERE l.reference = 'unmatched:' || u.id || ':received')::text AS booked,
               (SELECT d.status FROM deposit_orders d WHERE d.id = u.order_id) AS order_status,
               (SELECT count(*) FROM ledger_transactions l WHERE l.reference = 'deposit:' || u.order_id || ':paid')::text AS credited
          FROM unmatched_payments u WHERE u.bank_reference = ANY (${`{${paid.map((p) => p.bankReference).join(',')}}`}::text[])`,
  );
  const byReference = new Map(rows.map((r) => [r.bank_reference, r]));
  const wrong: string[] = [];
  for (const p of paid) {
    const r = byReference.get(p.bankReference);
    if (!r) wrong.push(`${p.bankReference} (order ${p.orderId}) not kept`);
    else if (r.order_id !== p.orderId || r.reason !== 'AMOUNT_MISMATCH' || r.amount !== p.amountLak.toString())
      wrong.push(`${p.bankReference}: kept for ${r.order_id} as ${r.reason}, ${r.amount} kip (paid ${p.amountLak})`);
    else if (r.kept !== '1' || r.booked !== '1') wrong.push(`${p.bankReference}: kept ×${r.kept}, booked ×${r.booked}`);
    else if (r.order_status === 'SUCCESS' || r.credited !== '0')
      wrong.push(`${p.bankReference}: order ${r.order_status}, credited ×${r.credited}`);
  }
  return {
    name: `every payment of the wrong amount kept once as unmatched, its kip booked once, its order not credited (${paid.length})`,
    ok: wrong.length === 0,
    detail: wrong.slice(0, 5).join('; '),
  };
}

/**
 * Limits and exclusions (decision 160): no limited player's orders that count (open, paid, or
 * canceled after payment) within one Vientiane day since its limit exceed the limit; no cooling-off
 * player got an order, a promotion or a game launch after its cooling-off began.
 */
export async function checkResponsiblePlay(db: Db, ledger: Ledger): Promise<Result[]> {
  const limited = [...ledger.limited.keys()];
  const over = await queryRows<{ player_id: string; day: string; total: string; cap: string }>(
    db,
    sql`SELECT d.player_id::text, (d.created_at AT TIME ZONE 'Asia/Vientiane')::date::text AS day,
               sum(d.amount_lak)::text AS total, l.amount_lak::text AS cap
          FROM deposit_orders d
          JOIN player_deposit_limits l ON l.player_id = d.player_id AND l.period = 'daily' AND l.canceled_at IS NULL
         WHERE d.player_id = ANY (${uuids(limited)}::uuid[]) AND d.created_at >= l.effective_at
           AND (d.status <> 'CANCELED' OR d.paid_at IS NOT NULL)
         GROUP BY d.player_id, day, l.amount_lak HAVING sum(d.amount_lak) > l.amount_lak`,
  );
  const [used] = await queryRows<{ n: string; total: string }>(
    db,
    sql`SELECT count(*)::text AS n, coalesce(sum(amount_lak), 0)::text AS total FROM deposit_orders
         WHERE player_id = ANY (${uuids(limited)}::uuid[]) AND status = 'SUCCESS'`,
  );
  const excluded = [...ledger.excluded.keys()];
  const during = await queryRows<{ what: string; player_id: string; id: string }>(
    db,
    sql`SELECT 'deposit' AS what, d.player_id::text, d.id::text FROM deposit_orders d
          JOIN player_exclusions x ON x.player_id = d.player_id AND d.created_at >= x.starts_at AND (x.ends_at IS NULL OR d.created_at < x.ends_at)
         WHERE d.player_id = ANY (${uuids(excluded)}::uuid[])
        UNION ALL
        SELECT 'promotion', u.player_id::text, u.id::text FROM promotion_usages u
          JOIN player_exclusions x ON x.player_id = u.player_id AND u.created_at >= x.starts_at AND (x.ends_at IS NULL OR u.created_at < x.ends_at)
         WHERE u.player_id = ANY (${uuids(excluded)}::uuid[])`,
  );
  const refused = Object.entries(ledger.refusals)
    .filter(([k]) => k.startsWith('DEPOSIT_LIMIT_REACHED'))
    .map(([k, v]) => `${k} ×${v}`)
    .join(', ');
  return [
    {
      name: `no limited player deposited past its daily limit (${limited.length} players, ${used!.n} deposits credited, ${used!.total} kip)`,
      ok: over.length === 0,
      detail: [...over.slice(0, 5).map((r) => `${r.player_id} on ${r.day}: ${r.total} kip of ${r.cap}`), refused]
        .filter(Boolean)
        .join('; '),
    },
    {
      name: `no cooling-off player got a deposit, a promotion or a game launch, nor was refused a withdrawal (${excluded.length} players, ${ledger.excludedWithdrawals} withdrawals made meanwhile)`,
      ok: during.length === 0 && ledger.exclusionBroken.length === 0,
      detail: [...during.slice(0, 5).map((r) => `${r.what} ${r.id} of ${r.player_id}`), ...ledger.exclusionBroken.slice(0, 5)].join('; '),
    },
  ];
}
