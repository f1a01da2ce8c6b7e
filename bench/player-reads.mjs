// Every authenticated GET of the player site against a bare Fastify hello world, same connections and
// duration, in one run, on PostgreSQL and on PGlite; then a mixed load of simulated players and a staff
// user (lib/player-reads-mixed.mjs: what a visit does, in what proportions) that prints, at each level,
// the calls per second and p95/p99 of each kind of call, and how many concurrent active players the
// machine holds at p99 ≤ 200 ms with deposits p95 ≤ 400 ms and logins p95 ≤ 250 ms. The demo's banks speak their own protocols.
// Usage: node bench/player-reads.mjs [--duration 5] [--connections 50] [--engines postgres,pglite]
//        [--only info,credit] [--think 5000] [--scan 30000] [--levels 50,100,200,400,700,1000,1500,2000]
//        [--level-seconds 30] [--mix step=share,…] [--no-mixed] [--all-levels] [--processes 1]
//        [--no-routes]   (the mixed load alone: no route against the hello world first)
//        [--no-pages]    (a visit that opens the site reads the agency and the player as calls, not the player area's page: the
//                         server drawing each page, decision 204, out of the load)
//        [--pg postgres://postgres@127.0.0.1:5432/postgres]   (loopback only)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { adminUrl, arg } from './lib/args.mjs';
import { signIn } from './lib/backoffice-http.mjs';
import { databaseUrl, runSql, withDb } from './lib/pg.mjs';
import { call, client, HELLO, preparePlayer, SANDBOX, SERVER } from './lib/player-reads-http.mjs';
import { MIX, mixed, PACE } from './lib/player-reads-mixed.mjs';
import { cpuSecondsOfTree, startNode, stop, waitFor } from './lib/proc.mjs';
import { ensureWebBuilt, webDist } from '../scripts/lib/web-build.mjs';

const DURATION = Number(arg('duration', 6));
const CONNECTIONS = Number(arg('connections', 50));
const ENGINES = arg('engines', 'postgres,pglite').split(',');
/** the pace of the mixed load's players (lib/player-reads-mixed.mjs PACE): a screen, a QR paid */
const PACE_ARGS = { screenMs: Number(arg('think', PACE.screenMs)), scanMs: Number(arg('scan', PACE.scanMs)) };
const LEVELS = arg('levels', '50,100,200,400,700,1000,1500,2000').split(',').map(Number);
// a level lasts several visits of a player at the pace's screen time
const LEVEL_SECONDS = Number(arg('level-seconds', Math.max(8, Math.round((6 * PACE_ARGS.screenMs) / 1000))));
const MIXED = !process.argv.includes('--no-mixed');
// --mix deposit=0,play=1: a step's share changed, e.g. to cost one kind of call by difference
for (const pair of arg('mix', '').split(',').filter(Boolean)) {
  const [step, share] = pair.split('=');
  if (!(step in MIX) || !(Number(share) >= 0 && Number(share) <= 1)) throw new Error(`--mix ${pair}: a step of MIX and a share 0…1`);
  MIX[step] = Number(share);
}
/** every level is run, also after one not held (CPU per call at each load) */
const ALL_LEVELS = process.argv.includes('--all-levels');
// a visit that opens the site loads the player area's page, which the server draws (the built site: built here when its sources changed)
const PAGES = MIXED && !process.argv.includes('--no-pages');
/** the server's SERVER_PROCESSES (node:cluster workers on PostgreSQL, docs/decisions/191); its CPU counts them all */
const PROCESSES = Number(arg('processes', 1));
/** the primary's metrics, read to know when every process listens */
const SERVER_METRICS_PORT = Number(new URL(SERVER).port) + 1000;
/** only these routes (names, comma-separated), e.g. --only info,credit */
const ONLY = process.argv.includes('--no-routes') ? [] : arg('only', '') ? arg('only', '').split(',') : null;
const ADMIN_URL = adminUrl();
const GOALS = { info: { postgres: 0.35, pglite: 0.15 }, credit: { postgres: 0.2 } };
const dbUrl = (name) => databaseUrl(ADMIN_URL, name);
const STAFF_PASSWORD = `bench-${randomBytes(6).toString('hex')}`;

const ROUTES = [
  ['info', '/api/v2/players/info'],
  ['credit', '/api/v2/players/credits/gclub'],
  ['bank accounts', '/api/v2/players/bank-accounts'],
  ['backlist', '/api/v2/players/backlist'],
  ['open deposit', '/api/v2/deposits/open'],
  ['deposits', '/api/v2/deposits?page=1&pageSize=10'],
  ['open withdrawals', '/api/v2/withdrawals/open'],
  ['withdrawals', '/api/v2/withdrawals?page=1&pageSize=10'],
  ['promotions in use', '/api/v2/players/promotions/using'],
  ['promotions', '/api/v2/promotions'],
];

/** Transactions committed in the server's database so far (autocommit: one per statement). */
async function commits(dbName) {
  if (!dbName) return null;
  const { rows } = await runSql(ADMIN_URL, `SELECT xact_commit FROM pg_stat_database WHERE datname = '${dbName}'`);
  return Number(rows[0].xact_commit);
}

const ROUNDS = 3;

/**
 * The route and the hello world in turns (ROUNDS × DURATION/ROUNDS s each), so that both see the
 * same machine: on a machine shared with other work the load moves within a minute, and a ratio
 * to a hello world measured once at the start moves with it.
 */
async function measure(route, hello) {
  await autocannon({ url: route.url, connections: CONNECTIONS, duration: 1, headers: route.headers }); // warm-up
  const totals = [route, hello].map(() => ({ requests: 0, seconds: 0, cpu: 0, statements: 0, p50: [], p99: [] }));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, target] of [route, hello].entries()) {
      const cpuBefore = cpuSecondsOfTree(target.pid);
      const commitsBefore = await commits(target.dbName);
      const r = await autocannon({ url: target.url, connections: CONNECTIONS, duration: DURATION / ROUNDS, headers: target.headers });
      const commitsAfter = await commits(target.dbName);
      const cpuAfter = cpuSecondsOfTree(target.pid);
      if (r.non2xx > 0 || r.errors > 0) throw new Error(`${target.url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      const t = totals[i];
      t.requests += r.requests.total;
      t.seconds += r.duration;
      t.cpu += cpuAfter === null ? 0 : cpuAfter - cpuBefore;
      // stat collector: less the read of pg_stat_database itself
      t.statements += commitsBefore === null ? 0 : commitsAfter - commitsBefore - 1;
      t.p50.push(r.latency.p50);
      t.p99.push(r.latency.p99);
    }
  }
  const summary = (t, target) => ({
    rps: t.requests / t.seconds,
    p50: Math.max(...t.p50),
    p99: Math.max(...t.p99),
    cpuUs: (t.cpu * 1e6) / t.requests,
    statements: target.dbName ? t.statements / t.requests : null,
  });
  return [summary(totals[0], route), summary(totals[1], hello)];
}

const detail = (m) =>
  `${m.rps.toFixed(0).padStart(6)} req/s  p50 ${String(m.p50).padStart(3)} ms  p99 ${String(m.p99).padStart(3)} ms` +
  `${m.cpuUs === null ? '' : `  server CPU ${m.cpuUs.toFixed(0).padStart(5)} µs/answer`}` +
  `${m.statements == null ? '' : `  ${m.statements.toFixed(2)} statements/answer`}`;
const scrape = () =>
  fetch(`http://127.0.0.1:${SERVER_METRICS_PORT}/metrics`)
    .then((res) => res.text())
    .catch(() => '');
/** The server's player pages so far by outcome (drawn, or sent with the spinner: busy, declined, failed). */
async function pageRenders() {
  const text = await scrape();
  return Object.fromEntries(
    [...text.matchAll(/^laocredit_page_renders_total\{outcome="(\w+)"\} (\d+)$/gm)].map((m) => [m[1], Number(m[2])]),
  );
}
/** Waits until the cluster's primary counts `n` server processes listening (its metric, on loopback). */
async function waitForProcesses(n, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const text = await scrape();
    if (new RegExp(`^laocredit_server_processes ${n}$`, 'm').test(text)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server's ${n} processes did not all listen within ${timeoutMs} ms`);
}

async function benchEngine(engine, helloPid) {
  const stamp = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const serverDb = engine === 'postgres' ? `bench_reads_${stamp}` : null;
  const sandboxDb = `bench_reads_sandbox_${stamp}`;
  const dataDir = engine === 'pglite' ? mkdtempSync(join(tmpdir(), 'bench-reads-')) : null;
  if (serverDb) await runSql(ADMIN_URL, `CREATE DATABASE ${serverDb}`);
  await runSql(ADMIN_URL, `CREATE DATABASE ${sandboxDb}`);
  // the outside world on PostgreSQL in both runs: the engine compared is the server's
  const sandbox = start('apps/sandbox/src/server.ts', {
    SANDBOX_HOST: '127.0.0.1',
    SANDBOX_PORT: new URL(SANDBOX).port,
    SANDBOX_DATA_DIR: 'memory://',
    SANDBOX_DATABASE_URL: dbUrl(sandboxDb),
    SANDBOX_PUBLIC_URL: SANDBOX,
  });
  const server = start('apps/server/src/server.ts', {
    PORT: new URL(SERVER).port,
    HOST: '127.0.0.1',
    ...(serverDb ? { DATABASE_URL: dbUrl(serverDb) } : { DATA_DIR: dataDir }),
    SANDBOX_URL: SANDBOX,
    PUBLIC_URL: SERVER,
    RATE_LIMIT_ENABLED: 'false',
    // argon2id at production's cost (OWASP's 19 MiB, 2 iterations; config-production.ts): the mixed load's logins
    // cost what they cost a live site (registering the players takes longer for it)
    WEB_DIST: PAGES ? webDist() : '/nonexistent',
    SEED_STAFF_PASSWORD: STAFF_PASSWORD,
    SEED_DEMO_BANK_PROTOCOLS: 'true',
    // no proxy to drain: stop at once (a profile, BENCH_NODE_ARGS, is written before the bench's kill)
    SHUTDOWN_DELAY_MS: '0',
    METRICS_PORT: String(SERVER_METRICS_PORT),
    ...(PROCESSES > 1 ? { SERVER_PROCESSES: String(PROCESSES) } : {}),
  });
  console.log(`player-reads  [${engine}] server processes: ${PROCESSES}`);
  try {
    await waitFor(`${SANDBOX}/bank/_faults`);
    await waitFor(`${SERVER}/api/v2/agency/info`, 240_000);
    // the first process answers alone at first: the load starts once every one listens (and none is counted starting)
    if (PROCESSES > 1) await waitForProcesses(PROCESSES, 240_000);
    const cookie = await preparePlayer();
    const hello = { url: `${HELLO}/hello`, pid: helloPid, headers: {}, dbName: null };
    const results = { engine, routes: {} };
    for (const [name, path] of ROUTES.filter(([n]) => !ONLY || ONLY.includes(n))) {
      const probe = await call(`${SERVER}${path}`, { cookie });
      if (probe.status === 404) {
        console.log(`player-reads  [${engine}] ${name.padEnd(18)} skipped: ${path} answers 404 (not in this build)`);
        continue;
      }
      const [m, base] = await measure({ url: `${SERVER}${path}`, pid: server.pid, headers: { cookie }, dbName: serverDb }, hello);
      const ratio = m.rps / base.rps;
      const goal = GOALS[name]?.[engine];
      const met = ratio >= goal && (name !== 'info' || m.p99 <= 10);
      const verdict = goal === undefined ? '' : ` (goal ≥ ${goal}${name === 'info' ? ', p99 ≤ 10 ms' : ''}) ${met ? 'PASS' : 'BELOW GOAL'}`;
      console.log(`player-reads  [${engine}] ${name.padEnd(18)} ${detail(m)}  ratio ${ratio.toFixed(3)}${verdict}`);
      console.log(`player-reads  [${engine}] ${'  its hello world'.padEnd(18)} ${detail(base)}`);
      results.routes[name] = { ...m, ratio, base };
    }
    if (MIXED) {
      // the staff user approving withdrawals: the owner, its second factor set where the bench reaches the database
      const staffCookie = serverDb ? await withDb(dbUrl(serverDb), (db) => signIn(db, SERVER, STAFF_PASSWORD)) : null;
      results.held = await mixed({
        pace: PACE_ARGS,
        levels: LEVELS,
        levelSeconds: LEVEL_SECONDS,
        staffCookie,
        pages: PAGES ? pageRenders : undefined,
        allLevels: ALL_LEVELS,
        pids: {
          server: server.pid,
          sandbox: sandbox.pid,
          serverBackends: serverDb
            ? async () => (await runSql(ADMIN_URL, `SELECT pid FROM pg_stat_activity WHERE datname = '${serverDb}'`)).rows.map((r) => r.pid)
            : null,
        },
      });
    }
    return results;
  } finally {
    await Promise.all([stop(sandbox), stop(server)]);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    for (const db of [serverDb, sandboxDb].filter(Boolean))
      await runSql(ADMIN_URL, `DROP DATABASE IF EXISTS ${db} WITH (FORCE)`).catch(() => {});
  }
}

const children = new Set();
const start = (entry, env) => {
  const child = startNode(entry, env);
  children.add(child);
  return child;
};
// an interrupted run leaves no server behind
process.once('SIGTERM', () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(143);
});

export async function benchPlayerReads() {
  if (PAGES) ensureWebBuilt();
  const hello = start('bench/hello-server.ts', { PORT: new URL(HELLO).port });
  try {
    await waitFor(`${HELLO}/hello`);
    const out = [];
    for (const engine of ENGINES) out.push(await benchEngine(engine, hello.pid));
    return out;
  } finally {
    await stop(hello);
    await client.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchPlayerReads();
