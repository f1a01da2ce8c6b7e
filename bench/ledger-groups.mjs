// The ledger alone, on a scratch PostgreSQL database: `ledger_post_many` of groups of one-entry
// transactions shaped like a settlement group (a few house accounts, many players), timed per group.
// Compares the ledger migrations: `--until 0012` applies the migrations up to that one only.
// docs/decisions/025-ledger-balances-per-statement.md has its figures.
//
//   node bench/ledger-groups.mjs [--until NNNN] [--groups 200] [--size 64] [--houses 8] [--players 64]
//                                [--filler 5000] [--pg postgres://postgres@127.0.0.1:5432/postgres]
//
// Prints ms per group (wall, one transaction: BEGIN, the call, COMMIT) and the backend's CPU per group
// (from /proc, Linux, when the server runs on this machine). The database is dropped afterwards.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { databaseUrl, runSql } from './lib/pg.mjs';
import { cpuSeconds, root } from './lib/proc.mjs';

const { values: opts } = parseArgs({
  options: {
    until: { type: 'string', default: '9999' },
    groups: { type: 'string', default: '200' },
    size: { type: 'string', default: '64' },
    houses: { type: 'string', default: '8' },
    players: { type: 'string', default: '64' },
    filler: { type: 'string', default: '5000' },
    pg: { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const [groups, size, houses, players, filler] = ['groups', 'size', 'houses', 'players', 'filler'].map((k) => Number(opts[k]));
if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(opts.pg).hostname)) throw new Error('--pg: loopback only');

const dir = `${root}apps/server/src/db/migrations/`;
const migrations = readdirSync(dir)
  .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f) && f.slice(0, 4) <= opts.until)
  .sort();
const name = `bench_ledger_${randomBytes(4).toString('hex')}`;
await runSql(opts.pg, `CREATE DATABASE ${name}`);
const client = new pg.Client({ connectionString: databaseUrl(opts.pg, name) });
try {
  await client.connect();
  for (const f of migrations) await client.query(`BEGIN;\n${readFileSync(dir + f, 'utf8')}\n;COMMIT;`);
  const {
    rows: [{ id: agencyId }],
  } = await client.query(`INSERT INTO agencies (code, name, social, settings) VALUES ('bench', 'Bench', '{}', '{}') RETURNING id`);
  await client.query(`INSERT INTO providers (id, name, sort_order) VALUES ('gclub', 'GClub', 1)`);
  const ids = async (sql) => (await client.query(sql, [agencyId])).rows.map((r) => r.id);
  const house = await ids(`INSERT INTO ledger_accounts (agency_id, type, currency, shard)
                           SELECT $1, 'EXCHANGE', 'THB', s FROM generate_series(0, ${houses - 1}) s RETURNING id`);
  const player = await ids(`INSERT INTO ledger_accounts (agency_id, type, currency, player_id, provider_id)
                            SELECT $1, 'PLAYER_CREDIT', 'THB', gen_random_uuid(), 'gclub' FROM generate_series(1, ${players}) RETURNING id`);
  // other players' accounts, so that the table is not a handful of rows
  await ids(`INSERT INTO ledger_accounts (agency_id, type, currency, player_id, provider_id)
             SELECT $1, 'PLAYER_CREDIT', 'THB', gen_random_uuid(), 'gclub' FROM generate_series(1, ${filler}) RETURNING id`);
  const {
    rows: [{ pid }],
  } = await client.query('SELECT pg_backend_pid() AS pid');

  let n = 0;
  const group = () =>
    JSON.stringify(
      Array.from({ length: size }, (_, i) => ({
        agencyId,
        reference: `g-${n++}`,
        kind: 'bench',
        metadata: null,
        entries: [{ from: house[i % houses], to: player[(n * 5) % players], currency: 'THB', amount: String(1 + (n % 997)) }],
      })),
    );
  const post = async () => {
    const txs = group();
    await client.query('BEGIN');
    await client.query({ name: 'post', text: 'SELECT count(*) FROM ledger_post_many($1::jsonb)', values: [txs] });
    await client.query('COMMIT');
  };
  // warm-up, not timed: some history, then statistics that know it (the foreign-key checks' plans,
  // made on empty tables, would otherwise read ledger_transactions whole for every entry), then the
  // plans made again
  for (let i = 0; i < Math.max(10, groups / 10); i++) await post();
  await client.query('ANALYZE');
  for (let i = 0; i < 10; i++) await post();
  const cpu0 = cpuSeconds(pid);
  const t0 = performance.now();
  for (let i = 0; i < groups; i++) await post();
  const ms = (performance.now() - t0) / groups;
  const cpu1 = cpuSeconds(pid);
  const {
    rows: [check],
  } = await client.query(`SELECT
      (SELECT count(*) FROM ledger_accounts a WHERE a.balance <> coalesce((SELECT sum(amount) FROM ledger_entries WHERE to_account_id = a.id), 0)
                                                         - coalesce((SELECT sum(amount) FROM ledger_entries WHERE from_account_id = a.id), 0)) AS drift,
      (SELECT count(*) FROM ledger_entries) AS entries`);
  if (Number(check.drift) !== 0) throw new Error(`${check.drift} cached balances differ from their entries`);
  const cpu = cpu0 === null || cpu1 === null ? 'n/a' : `${(((cpu1 - cpu0) * 1000) / groups).toFixed(2)} ms`;
  console.log(
    `migrations to ${migrations.at(-1)}: ${groups} groups of ${size} (${houses} house, ${players} player accounts, ${filler} others): ` +
      `${ms.toFixed(2)} ms per group, backend CPU ${cpu} per group (${check.entries} entries, balances checked)`,
  );
} finally {
  await client.end().catch(() => {});
  await runSql(opts.pg, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
