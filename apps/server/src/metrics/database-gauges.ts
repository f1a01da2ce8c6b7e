import { sql } from 'drizzle-orm';
import { Gauge, type Registry } from 'prom-client';
import { queryRows, type Database } from '../db/client.js';

/** a scrape within this long of the last one answers the same figures: one query per scrape at most, fewer when scraped often */
const CACHE_MS = 5_000;

interface Figures {
  jobs: { type: string; waiting: number; oldest: number }[];
  withdrawals: { agency: string; open: number; oldest: number }[];
  deposits: { agency: string; paid: number; oldest: number }[];
  transfers: { agency: string; unknown: number; attention: number; oldest: number }[];
  ledger: { problems: number; at: number } | null;
  reconciliation: { agency: string; bank: string | null; provider: string | null; kind: string; open: number }[];
}

/**
 * The figures an operator acts on, read in ONE statement at scrape time, each part on an index kept
 * for it (jobs not done, OPEN withdrawals, PAID deposits, PENDING transfers, the newest ledger check).
 * Ages are in seconds; per agency by its code.
 */
const FIGURES = sql`SELECT
  (SELECT coalesce(json_agg(j), '[]') FROM (
     SELECT type, count(*)::int AS waiting, extract(epoch FROM now() - min(created_at))::float8 AS oldest
       FROM jobs WHERE done_at IS NULL GROUP BY type) j) AS jobs,
  (SELECT coalesce(json_agg(w), '[]') FROM (
     SELECT a.code AS agency, count(*)::int AS open, extract(epoch FROM now() - min(w.created_at))::float8 AS oldest
       FROM withdrawals w JOIN agencies a ON a.id = w.agency_id WHERE w.status = 'OPEN' GROUP BY a.code) w) AS withdrawals,
  (SELECT coalesce(json_agg(d), '[]') FROM (
     SELECT a.code AS agency, count(*)::int AS paid, extract(epoch FROM now() - min(coalesce(d.paid_at, d.created_at)))::float8 AS oldest
       FROM deposit_orders d JOIN agencies a ON a.id = d.agency_id WHERE d.status = 'PAID' GROUP BY a.code) d) AS deposits,
  (SELECT coalesce(json_agg(t), '[]') FROM (
     SELECT a.code AS agency, count(*)::int AS unknown, count(*) FILTER (WHERE t.needs_attention)::int AS attention,
            extract(epoch FROM now() - min(t.created_at))::float8 AS oldest
       FROM provider_transfers t JOIN agencies a ON a.id = t.agency_id
      WHERE t.status = 'PENDING' AND t.last_error IS NOT NULL GROUP BY a.code) t) AS transfers,
  (SELECT row_to_json(c) FROM (
     SELECT problems, extract(epoch FROM checked_at)::float8 AS at FROM ledger_checks ORDER BY checked_at DESC LIMIT 1) c) AS ledger,
  (SELECT coalesce(json_agg(r), '[]') FROM (
     SELECT a.code AS agency, r.bank, r.provider, r.kind, count(*)::int AS open
       FROM bank_reconciliation_differences r JOIN agencies a ON a.id = r.agency_id
      WHERE r.resolved_at IS NULL GROUP BY a.code, r.bank, r.provider, r.kind) r) AS reconciliation`;

/** Registers the database's gauges on `registry`: the pool as the driver tells it, and the figures above. */
export function registerDatabaseGauges(registry: Registry, database: Database) {
  let cached: { at: number; figures: Promise<Figures> } | null = null;
  const figures = () => {
    if (!cached || Date.now() - cached.at > CACHE_MS) {
      const read = queryRows<Figures>(database.db, FIGURES).then((rows) => rows[0]!);
      // a failed read is not kept: the next scrape asks again
      read.catch(() => (cached = null));
      cached = { at: Date.now(), figures: read };
    }
    return cached.figures;
  };
  const gauge = <L extends string>(name: string, help: string, labelNames: L[], fill: (g: Gauge<L>, f: Figures) => void) =>
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [registry],
      // the same figures from every process of a cluster (../cluster.ts): one of them, never their sum
      aggregator: 'first',
      async collect() {
        const f = await figures();
        this.reset();
        fill(this, f);
      },
    });

  gauge('laocredit_jobs_waiting', 'Jobs not done yet, by type', ['type'], (g, f) =>
    f.jobs.forEach((j) => g.set({ type: j.type }, j.waiting)),
  );
  gauge('laocredit_jobs_oldest_age_seconds', 'Age of the oldest job not done, by type', ['type'], (g, f) =>
    f.jobs.forEach((j) => g.set({ type: j.type }, j.oldest)),
  );
  gauge('laocredit_withdrawals_open', 'Withdrawals waiting for staff (OPEN), by agency', ['agency'], (g, f) =>
    f.withdrawals.forEach((w) => g.set({ agency: w.agency }, w.open)),
  );
  gauge('laocredit_withdrawals_open_oldest_age_seconds', 'Age of the oldest OPEN withdrawal, by agency', ['agency'], (g, f) =>
    f.withdrawals.forEach((w) => g.set({ agency: w.agency }, w.oldest)),
  );
  gauge(
    'laocredit_deposits_paid_uncredited',
    'Deposits the bank paid and the player was not credited yet (PAID), by agency',
    ['agency'],
    (g, f) => f.deposits.forEach((d) => g.set({ agency: d.agency }, d.paid)),
  );
  gauge(
    'laocredit_deposits_paid_uncredited_oldest_age_seconds',
    'Time since the oldest such deposit was paid, by agency',
    ['agency'],
    (g, f) => f.deposits.forEach((d) => g.set({ agency: d.agency }, d.oldest)),
  );
  gauge(
    'laocredit_transfers_unknown',
    'Provider transfers whose outcome is not known yet (asked again until it is), by agency',
    ['agency'],
    (g, f) => f.transfers.forEach((t) => g.set({ agency: t.agency }, t.unknown)),
  );
  gauge(
    'laocredit_transfers_needing_attention',
    'Of those, the ones flagged for staff (unknown past TRANSFER_ATTENTION_MINUTES)',
    ['agency'],
    (g, f) => f.transfers.forEach((t) => g.set({ agency: t.agency }, t.attention)),
  );
  gauge('laocredit_transfers_unknown_oldest_age_seconds', 'Age of the oldest transfer in UNKNOWN, by agency', ['agency'], (g, f) =>
    f.transfers.forEach((t) => g.set({ agency: t.agency }, t.oldest)),
  );
  gauge(
    'laocredit_ledger_check_problems',
    'Problems the newest ledger check found (0: sound); absent before the first check',
    [],
    (g, f) => {
      if (f.ledger) g.set(f.ledger.problems);
    },
  );
  gauge('laocredit_ledger_check_timestamp_seconds', 'When the newest ledger check ran (Unix time)', [], (g, f) => {
    if (f.ledger) g.set(f.ledger.at);
  });

  gauge(
    'laocredit_reconciliation_open_differences',
    'Differences between a bank and our deposits, or a provider and our ledger, not closed yet (decisions 138, 142), by agency, bank or provider and kind',
    ['agency', 'bank', 'provider', 'kind'],
    (g, f) =>
      f.reconciliation.forEach((r) =>
        g.set({ agency: r.agency, ...(r.bank !== null ? { bank: r.bank } : { provider: r.provider ?? '' }), kind: r.kind }, r.open),
      ),
  );

  // each process has a pool of its own: a cluster's gauge is the sum of its processes' (the default aggregator)
  const pool = database.poolStats;
  if (pool) {
    new Gauge({
      name: 'laocredit_db_pool_connections',
      help: 'The PostgreSQL pool: connections open (total), idle, and requests waiting for one (waiting)',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const s = pool();
        this.set({ state: 'total' }, s.total);
        this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'waiting' }, s.waiting);
      },
    });
  }
}
