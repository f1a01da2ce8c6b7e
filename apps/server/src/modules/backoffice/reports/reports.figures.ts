import { sql, type SQL } from 'drizzle-orm';
import { fromMinor, type ReportFigures } from '@app/contracts';

/**
 * The figures of a report (decision 182), the dashboard's definitions (decision 052) grouped by a key:
 * - deposits: orders the bank paid in the range (`paid_at`), whatever became of the credit: kip
 *   received, THB of credit they carried;
 * - withdrawals: those staff paid in the range (SUCCESS by `decided_at`): THB taken from the provider,
 *   kip paid;
 * - bonus: bonuses credited with deposits paid in the range (`used_at`), less those the provider voided;
 *   in kip each at its own deposit's sell rate, rounded up (DEPOSIT_FROM: what that credit sold for);
 * - net, in kip: deposits − withdrawals paid − bonus in kip.
 * Each part reads its own partial covering index (migrations 0034, 0124) over the range, scoped by
 * agency; `players` narrows every part to the players it names (a search).
 */
export type GroupKey = 'provider_id' | 'player_id';

export interface FigureRow {
  k: string;
  dep_n: number;
  dep_lak: string;
  dep_thb: string;
  wd_n: number;
  wd_thb: string;
  wd_lak: string;
  bonus_thb: string;
  bonus_lak: string;
  net: string;
}

export interface FigureScope {
  agencyId: string;
  start: Date;
  end: Date;
  /** a condition on `player_id` that narrows every part (e.g. the players a search found) */
  players?: SQL;
}

/**
 * `WITH fig AS (…)`: one row per key with activity in the range, its figures and its net. The three
 * reads are one `UNION ALL` grouped once (a hash aggregate over the range's rows): joining three
 * grouped reads instead made PostgreSQL nest loops over them, seconds for 10,000 players.
 */
export function figuresCte(key: GroupKey, s: FigureScope): SQL {
  const k = sql.raw(key);
  const mine = (alias: string) => (s.players ? sql`AND ${sql.raw(alias)}.player_id IN (${s.players})` : sql``);
  return sql`WITH fig AS (
      SELECT x.k, count(*) FILTER (WHERE x.part = 'd')::int AS dep_n, sum(x.dep_lak)::bigint AS dep_lak, sum(x.dep_thb)::bigint AS dep_thb,
             count(*) FILTER (WHERE x.part = 'w')::int AS wd_n, sum(x.wd_thb)::bigint AS wd_thb, sum(x.wd_lak)::bigint AS wd_lak,
             sum(x.bonus_thb)::bigint AS bonus_thb, sum(x.bonus_lak)::bigint AS bonus_lak,
             (sum(x.dep_lak) - sum(x.wd_lak) - sum(x.bonus_lak))::bigint AS net
        FROM (
          SELECT d.${k} AS k, 'd' AS part, d.amount_lak AS dep_lak, d.credit_thb AS dep_thb, 0::bigint AS wd_thb, 0::bigint AS wd_lak,
                 0::bigint AS bonus_thb, 0::numeric AS bonus_lak
            FROM deposit_orders d
           WHERE d.agency_id = ${s.agencyId} AND d.paid_at >= ${s.start} AND d.paid_at < ${s.end} ${mine('d')}
          UNION ALL
          SELECT w.${k}, 'w', 0, 0, w.total_credit, w.amount_lak, 0, 0
            FROM withdrawals w
           WHERE w.agency_id = ${s.agencyId} AND w.status = 'SUCCESS' AND w.decided_at >= ${s.start} AND w.decided_at < ${s.end} ${mine('w')}
          UNION ALL
          SELECT d.${k}, 'b', 0, 0, 0, 0, u.bonus, ceil(u.bonus * d.sell_rate / 100)
            FROM promotion_usages u JOIN deposit_orders d ON d.id = u.deposit_order_id AND d.agency_id = u.agency_id
           WHERE u.agency_id = ${s.agencyId} AND u.used_at >= ${s.start} AND u.used_at < ${s.end}
             AND u.closed_by IS DISTINCT FROM 'VOIDED' AND u.bonus > 0 ${mine('u')}
        ) x
       GROUP BY x.k)`;
}

/** The columns of `fig` as text (bigint sums read exactly, never through a JS number). */
export const FIGURE_COLUMNS = sql`fig.k::text AS k, fig.dep_n, fig.dep_lak::text AS dep_lak, fig.dep_thb::text AS dep_thb,
  fig.wd_n, fig.wd_thb::text AS wd_thb, fig.wd_lak::text AS wd_lak, fig.bonus_thb::text AS bonus_thb,
  fig.bonus_lak::text AS bonus_lak, fig.net::text AS net`;

export interface MinorFigures {
  depN: number;
  depLak: bigint;
  depThb: bigint;
  wdN: number;
  wdThb: bigint;
  wdLak: bigint;
  bonusThb: bigint;
  bonusLak: bigint;
}

export const ZERO: MinorFigures = { depN: 0, depLak: 0n, depThb: 0n, wdN: 0, wdThb: 0n, wdLak: 0n, bonusThb: 0n, bonusLak: 0n };

export const minorOf = (r: FigureRow): MinorFigures => ({
  depN: r.dep_n,
  depLak: BigInt(r.dep_lak),
  depThb: BigInt(r.dep_thb),
  wdN: r.wd_n,
  wdThb: BigInt(r.wd_thb),
  wdLak: BigInt(r.wd_lak),
  bonusThb: BigInt(r.bonus_thb),
  bonusLak: BigInt(r.bonus_lak),
});

export const addFigures = (a: MinorFigures, b: MinorFigures): MinorFigures => ({
  depN: a.depN + b.depN,
  depLak: a.depLak + b.depLak,
  depThb: a.depThb + b.depThb,
  wdN: a.wdN + b.wdN,
  wdThb: a.wdThb + b.wdThb,
  wdLak: a.wdLak + b.wdLak,
  bonusThb: a.bonusThb + b.bonusThb,
  bonusLak: a.bonusLak + b.bonusLak,
});

/** The one definition of net (decision 182), also the dashboard's. */
export const netLak = (f: Pick<MinorFigures, 'depLak' | 'wdLak' | 'bonusLak'>) => f.depLak - f.wdLak - f.bonusLak;

export const toWire = (f: MinorFigures): ReportFigures => ({
  deposits: { count: f.depN, amountLak: fromMinor(f.depLak, 'LAK'), creditThb: fromMinor(f.depThb, 'THB') },
  withdrawals: { count: f.wdN, creditThb: fromMinor(f.wdThb, 'THB'), amountLak: fromMinor(f.wdLak, 'LAK') },
  bonus: { thb: fromMinor(f.bonusThb, 'THB'), lak: fromMinor(f.bonusLak, 'LAK') },
  net: fromMinor(netLak(f), 'LAK'),
});
