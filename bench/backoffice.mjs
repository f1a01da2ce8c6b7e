// The back office at scale: every list, search and dashboard call of /api/v2/backoffice
// timed against a PostgreSQL database filled with a year of a busy agency (200,000 players,
// 1,000,000 deposits, 300,000 withdrawals by default). Goal: the server's p99 ≤ 50 ms per call.
// Usage: node bench/backoffice.mjs [--players 200000] [--deposits 1000000] [--withdrawals 300000]
//        [--requests 200] [--warmup 20] [--only REGEX] [--keep] [--db bench_bo_…]
//        [--pg postgres://postgres@127.0.0.1:5432/postgres]   (loopback only)
// --keep keeps the filled database (its name is printed); --db times an existing one again without a
// fill (the server applies any newer migration first, so a kept fill measures a branch's indexes).
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { adminUrl, arg, whole } from './lib/args.mjs';
import { catalogue, NOT_TIMED } from './lib/backoffice-calls.mjs';
import { AFTER_FILL, fillStatements } from './lib/backoffice-fill.mjs';
import { call, signIn, startServer } from './lib/backoffice-http.mjs';
import { anchors, ms, percentile, time } from './lib/backoffice-timing.mjs';
import { databaseUrl, runSql } from './lib/pg.mjs';
import { startNode, stop, waitFor } from './lib/proc.mjs';

const PLAYERS = whole('players', 200_000, 2_000_000);
const DEPOSITS = whole('deposits', 1_000_000, 10_000_000);
const WITHDRAWALS = whole('withdrawals', 300_000, 3_000_000);
const REQUESTS = whole('requests', 200, 10_000);
const WARMUP = whole('warmup', 20, 1000);
const ONLY = arg('only', null) ? new RegExp(arg('only', '')) : null;
const KEEP = process.argv.includes('--keep') || Boolean(process.env.BENCH_KEEP_DB);
const REUSE = arg('db', null);
const ADMIN_URL = adminUrl();
const GOAL_MS = 50;
const SERVER = 'http://127.0.0.1:3971';
// a second instance on the same database whose dashboard reads its closed days on every call
const COLD = 'http://127.0.0.1:3972';
const HELLO = 'http://127.0.0.1:3973';

if (REUSE && !/^bench_bo_[a-z0-9_]+$/.test(REUSE)) throw new Error('--db: a database this bench made (bench_bo_…)');
const dbName = REUSE ?? `bench_bo_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
const dbUrl = databaseUrl(ADMIN_URL, dbName);
// the seeded owner's password, the same for every run on one database (--db signs in again)
const STAFF_PASSWORD = `bench-${dbName}`;
const database = { dbUrl, staffPassword: STAFF_PASSWORD };
const rounds = { warmup: WARMUP, requests: REQUESTS };

const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** The filled year, written by SQL with the server stopped (lib/backoffice-fill.mjs). */
async function fill(db) {
  const { rows: agency } = await db.query(`SELECT agency_id FROM agency_hosts WHERE host = '127.0.0.1'`);
  // the seeded owner's argon2id hash serves the filled players and staff too: a real hash, and nobody logs in as them
  const { rows: owner } = await db.query(`SELECT id, password_hash FROM staff_users WHERE role = 'owner' AND username = 'owner'`);
  const others = [
    { id: randomUUID(), username: 'finance.noy', role: 'finance' },
    { id: randomUUID(), username: 'finance.somchai', role: 'finance' },
    { id: randomUUID(), username: 'support.mali', role: 'support' },
  ];
  const statements = fillStatements({
    agencyId: agency[0].agency_id,
    players: PLAYERS,
    deposits: DEPOSITS,
    withdrawals: WITHDRAWALS,
    passwordHash: owner[0].password_hash,
    staffIds: { others, deciders: [owner[0].id, others[0].id, others[1].id] },
  });
  const started = performance.now();
  for (const [name, sql] of [...statements, ...AFTER_FILL.map((s) => [s, s])]) {
    const t = performance.now();
    const r = await db.query(sql);
    const count = [r].flat().at(-1)?.rowCount;
    console.log(
      `  fill ${name.padEnd(36)} ${String(count ?? '').padStart(9)} rows ${((performance.now() - t) / 1000).toFixed(1).padStart(6)} s`,
    );
  }
  console.log(`  fill done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

async function main() {
  console.log(`backoffice   database ${dbName}${REUSE ? ' (kept fill, not refilled)' : ''}; load average ${loadavg()}`);
  if (!REUSE) await runSql(ADMIN_URL, `CREATE DATABASE ${dbName}`);
  const db = new pg.Client({ connectionString: dbUrl });
  const children = [];
  try {
    if (!REUSE) {
      // migrate and seed (the demo agency, its promotions, the owner), then fill with the server stopped
      const first = startServer(3971, database);
      children.push(first.child);
      await waitFor(`${SERVER}/api/v2/agency/info`, 120_000);
      await stop(first.child);
      await db.connect();
      console.log(`backoffice   fill: ${PLAYERS} players, ${DEPOSITS} deposits, ${WITHDRAWALS} withdrawals`);
      await fill(db);
    } else await db.connect();
    const server = startServer(3971, database);
    const cold = startServer(3972, database, { DASHBOARD_CLOSED_DAYS_SECONDS: '0' });
    const hello = startNode('bench/hello-server.ts', { PORT: '3973' });
    children.push(server.child, cold.child, hello);
    await Promise.all([
      waitFor(`${SERVER}/api/v2/agency/info`, 300_000),
      waitFor(`${COLD}/api/v2/agency/info`, 300_000),
      waitFor(`${HELLO}/hello`),
    ]);
    const cookie = await signIn(db, SERVER, STAFF_PASSWORD);
    const { rows: counts } = await db.query(
      `SELECT (SELECT count(*) FROM players)::int AS players, (SELECT count(*) FROM deposit_orders)::int AS deposits,
              (SELECT count(*) FROM withdrawals)::int AS withdrawals, (SELECT count(*) FROM withdrawals WHERE status = 'OPEN')::int AS open,
              (SELECT count(*) FROM promotion_usages)::int AS usages, (SELECT count(*) FROM audit_log)::int AS audit,
              (SELECT count(*) FROM provider_transfers)::int AS transfers, pg_size_pretty(pg_database_size(current_database())) AS size,
              current_setting('server_version') AS version, current_setting('shared_buffers') AS shared_buffers, current_setting('jit') AS jit`,
    );
    const c = counts[0];
    console.log(
      `backoffice   ${c.players} players, ${c.deposits} deposits, ${c.withdrawals} withdrawals (${c.open} OPEN), ${c.usages} promotion usages, ` +
        `${c.transfers} provider transfers, ${c.audit} audit rows; ${c.size}; PostgreSQL ${c.version}, shared_buffers ${c.shared_buffers}, jit ${c.jit}`,
    );

    // every GET route of the back office, from the OpenAPI document: each is timed or named as not
    const docs = JSON.parse((await call(SERVER, '/docs/openapi.json')).text);
    const routes = Object.entries(docs.paths)
      .filter(([path, ops]) => path.startsWith('/api/v2/backoffice/') && ops.get)
      .map(([path]) => path.slice('/api/v2/backoffice'.length));
    // a call with nothing to ask in this fill (a small one: no deep page) is left out
    const calls = (await catalogue(db, REQUESTS, COLD)).filter(([label, , paths]) => (!ONLY || ONLY.test(label)) && paths.length > 0);
    const timedRoutes = new Set(calls.map((c) => c[1]));
    const untimed = routes.filter((r) => !timedRoutes.has(r));

    const anchor = await anchors(db, HELLO, rounds);
    const loadBefore = loadavg();
    const results = [];
    for (const [label, route, paths, base = SERVER] of calls) {
      const r = await time(base, paths, cookie, base === SERVER ? server : cold, rounds);
      results.push({ label, route, ...r });
      const s = [...r.own].sort((a, b) => a - b);
      process.stdout.write(
        `  ${label}: server p99 ${ms(percentile(s, 99))} ms${r.errors ? `, ${r.errors} errors (${r.lastError})` : ''}\n`,
      );
    }
    const loadAfter = loadavg();

    const helloP99 = percentile(anchor.hello, 99);
    console.log(
      `\nbackoffice   ${REQUESTS} requests per call after ${WARMUP} of warm-up, one at a time from one client (keep-alive); load average ${loadBefore} → ${loadAfter}`,
    );
    console.log(
      `backoffice   anchors: SELECT 1 round trip p50 ${ms(percentile(anchor.select1, 50))} / p99 ${ms(percentile(anchor.select1, 99))} ms; ` +
        `bare Fastify hello p50 ${ms(percentile(anchor.hello, 50))} / p99 ${ms(helloP99)} ms`,
    );
    console.log('\n| call | route | client p50 | client p99 | server p50 | server p99 | p99 ÷ hello p99 | rows | goal ≤ 50 ms |');
    console.log('|---|---|---|---|---|---|---|---|---|');
    let failed = 0;
    for (const r of results) {
      const cl = [...r.client].sort((a, b) => a - b);
      const own = [...r.own].sort((a, b) => a - b);
      const p99 = own.length >= REQUESTS * 0.9 ? percentile(own, 99) : percentile(cl, 99);
      const download = r.route.endsWith('.csv');
      const pass = r.errors === 0 && p99 <= GOAL_MS;
      if (!pass && !download) failed++;
      const rows = r.rows.length ? `${Math.min(...r.rows)}–${Math.max(...r.rows)}`.replace(/^(\d+)–\1$/, '$1') : '—';
      const verdict = r.errors ? `FAIL (${r.errors} errors)` : pass ? 'PASS' : 'FAIL';
      console.log(
        `| ${r.label} | ${r.route} | ${ms(percentile(cl, 50))} | ${ms(percentile(cl, 99))} | ${ms(percentile(own, 50))} | ${ms(percentile(own, 99))} | ${(p99 / helloP99).toFixed(1)} | ${rows} | ${download ? `${verdict} (a download)` : verdict} |`,
      );
    }
    for (const r of untimed) console.log(`| NOT TIMED | ${r} | ${NOT_TIMED[r] ?? 'no call for it in this bench: add one'} |`);
    const unknown = untimed.filter((r) => !NOT_TIMED[r] && !ONLY);
    console.log(
      `\nbackoffice   ${results.length - failed} of ${results.length} calls within ${GOAL_MS} ms at p99 (server's own time; CSV downloads shown, not counted)` +
        (unknown.length ? `; ${unknown.length} GET routes not timed: ${unknown.join(', ')}` : ''),
    );
    process.exitCode = failed || unknown.length ? 1 : 0;
  } finally {
    await db.end().catch(() => undefined);
    await Promise.all(children.map((c) => stop(c)));
    if (KEEP || REUSE) console.log(`kept ${dbName} (node bench/backoffice.mjs --db ${dbName} to time it again)`);
    else await runSql(ADMIN_URL, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  }
}

await main();
