// Every authenticated GET of the player site against a bare Fastify hello world, same connections and
// duration, in one run, on PostgreSQL and on PGlite; then a mixed load of simulated players that
// prints how many concurrent active players the machine holds at p99 ≤ 200 ms.
// Usage: node bench/player-reads.mjs [--duration 5] [--connections 50] [--engines postgres,pglite]
//        [--only info,credit] [--think 1000] [--levels 25,50,100,200,400] [--level-seconds 8] [--no-mixed]
//        [--pg postgres://postgres@127.0.0.1:5432/postgres]   (loopback only)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { Agent, request } from 'undici';
import { databaseUrl, runSql } from './lib/pg.mjs';
import { cpuSeconds, startNode, stop, waitFor } from './lib/proc.mjs';

const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const DURATION = Number(arg('duration', 6));
const CONNECTIONS = Number(arg('connections', 50));
const ENGINES = arg('engines', 'postgres,pglite').split(',');
const THINK_MS = Number(arg('think', 1000));
const LEVELS = arg('levels', '5,10,25,50,100,200').split(',').map(Number);
const LEVEL_SECONDS = Number(arg('level-seconds', 8));
const MIXED = !process.argv.includes('--no-mixed');
/** only these routes (names, comma-separated), e.g. --only info,credit */
const ONLY = arg('only', '') ? arg('only', '').split(',') : null;
const ADMIN_URL = arg('pg', process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const P99_BOUND_MS = 200;
const GOALS = { info: { postgres: 0.35, pglite: 0.15 }, credit: { postgres: 0.2 } };

const HELLO = 'http://127.0.0.1:3921';
const SANDBOX = 'http://127.0.0.1:3922';
const SERVER = 'http://127.0.0.1:3923';

if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(new URL(ADMIN_URL).hostname)) throw new Error('loopback only');
const dbUrl = (name) => databaseUrl(ADMIN_URL, name);

const client = new Agent({ keepAliveTimeout: 10_000, connections: 2048 });

/** One call to the server or the sandbox; answers status, body (parsed) and headers. */
async function call(url, { method = 'GET', cookie, body, headers = {} } = {}) {
  const res = await request(url, {
    method,
    dispatcher: client,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(method !== 'GET' && url.startsWith(SERVER) ? { origin: SERVER } : {}),
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : null,
  });
  const text = await res.body.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.statusCode, body: json, headers: res.headers };
}

async function ok(url, init) {
  const r = await call(url, init);
  if (r.status >= 300) throw new Error(`${init?.method ?? 'GET'} ${url}: ${r.status} ${JSON.stringify(r.body)}`);
  return r;
}

async function register() {
  const username = `br${randomBytes(5).toString('hex')}`;
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const fingerprint = randomBytes(16).toString('hex');
  const r = await ok(`${SERVER}/api/v2/players/register`, {
    method: 'POST',
    headers: { 'x-fingerprint': fingerprint },
    body: { username, password, confirmPassword: password, fingerprint },
  });
  const setCookie = [r.headers['set-cookie']].flat();
  return setCookie.find((c) => c.startsWith('sid=')).split(';')[0];
}

let accountSerial = 0;
const addBankAccount = (cookie) =>
  ok(`${SERVER}/api/v2/players/bank-accounts`, {
    method: 'POST',
    cookie,
    body: {
      bank: 'bcel',
      accountNumber: `0101${String(100_000_000 + accountSerial++ * 7919 + Math.floor(Math.random() * 1e6))}`.slice(0, 13),
      accountName: 'Bench Player',
      currency: 'LAK',
      owner: true,
    },
  });

/** A deposit opened, its QR paid at the sandbox bank (the bank then calls the server back). */
async function depositAndPay(cookie, amount) {
  const created = await call(`${SERVER}/api/v2/deposits`, {
    method: 'POST',
    cookie,
    body: { providerId: 'gclub', mid: 'DEMO-LAK-001', bank: 'bcel', amount: String(amount) },
  });
  if (created.status !== 201) return [created.status];
  const qr = await call(`${SERVER}/api/v2/deposits/${created.body.order.id}/qr`, { cookie });
  await ok(`${SANDBOX}/sandbox/bank/payments`, { method: 'POST', body: { payload: qr.body.payload } });
  return [created.status, qr.status];
}

async function waitUntil(check, what, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

/** The measured player: a bank account, one settled deposit, one pending withdrawal, one open deposit. */
async function preparePlayer() {
  const cookie = await register();
  await addBankAccount(cookie);
  await depositAndPay(cookie, 200_000);
  await waitUntil(async () => {
    const r = await ok(`${SERVER}/api/v2/deposits?page=1&pageSize=10`, { cookie });
    return r.body.items[0]?.status === 'SUCCESS';
  }, 'the first deposit settled');
  const w = await call(`${SERVER}/api/v2/withdrawals`, { method: 'POST', cookie, body: { providerId: 'gclub', amount: '100' } });
  if (w.status !== 201) console.log(`player-reads  (the withdrawal was refused: ${w.status} ${JSON.stringify(w.body)})`);
  await ok(`${SERVER}/api/v2/deposits`, {
    method: 'POST',
    cookie,
    body: { providerId: 'gclub', mid: 'DEMO-LAK-001', bank: 'bcel', amount: '30000' },
  });
  return cookie;
}

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
      const cpuBefore = cpuSeconds(target.pid);
      const commitsBefore = await commits(target.dbName);
      const r = await autocannon({ url: target.url, connections: CONNECTIONS, duration: DURATION / ROUNDS, headers: target.headers });
      const commitsAfter = await commits(target.dbName);
      const cpuAfter = cpuSeconds(target.pid);
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

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/**
 * N simulated players at once, each in a loop with `THINK_MS` between its calls: open the site
 * (agency info), read info and credit, deposit and pay at the sandbox bank when no deposit is open,
 * read its deposit and withdrawal history. Latency of the server's answers only.
 */
async function mixedLevel(cookies, seconds) {
  const latencies = [];
  /** each kind of call's latencies (method and path without ids or query), to say which one is slow */
  const byKind = new Map();
  let failures = 0;
  const until = performance.now() + seconds * 1000;
  const think = () => new Promise((r) => setTimeout(r, THINK_MS * (0.5 + Math.random())));
  const timed = async (url, init) => {
    const t = performance.now();
    const r = await call(url, init).catch(() => ({ status: 0 }));
    const ms = performance.now() - t;
    latencies.push(ms);
    const kind = `${init?.method ?? 'GET'} ${new URL(url).pathname.replace(/[0-9a-f-]{36}/g, ':id')}`;
    if (!byKind.has(kind)) byKind.set(kind, []);
    byKind.get(kind).push(ms);
    if (r.status === 0 || r.status >= 500) failures++;
    return r;
  };
  let amount = 20_000;
  await Promise.all(
    cookies.map(async (cookie) => {
      await new Promise((r) => setTimeout(r, Math.random() * THINK_MS));
      while (performance.now() < until) {
        await timed(`${SERVER}/api/v2/agency/info`);
        await timed(`${SERVER}/api/v2/players/info`, { cookie });
        await timed(`${SERVER}/api/v2/players/credits/gclub`, { cookie });
        await think();
        const open = await timed(`${SERVER}/api/v2/deposits/open`, { cookie });
        if (open.status === 200 && open.body.order === null) {
          const created = await timed(`${SERVER}/api/v2/deposits`, {
            method: 'POST',
            cookie,
            body: { providerId: 'gclub', mid: 'DEMO-LAK-001', bank: 'bcel', amount: String(amount++) },
          });
          if (created.status === 201) {
            const qr = await timed(`${SERVER}/api/v2/deposits/${created.body.order.id}/qr`, { cookie });
            await think(); // the player scans the code in the banking app
            if (qr.status === 200) await call(`${SANDBOX}/sandbox/bank/payments`, { method: 'POST', body: { payload: qr.body.payload } });
          }
        }
        await think();
        await timed(`${SERVER}/api/v2/deposits?page=1&pageSize=10`, { cookie });
        await timed(`${SERVER}/api/v2/withdrawals?page=1&pageSize=10`, { cookie });
        await think();
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const kinds = [...byKind].map(([kind, list]) => {
    list.sort((a, b) => a - b);
    return { kind, calls: list.length, p50: percentile(list, 50), p99: percentile(list, 99) };
  });
  return {
    kinds: kinds.sort((a, b) => b.p99 - a.p99),
    calls: latencies.length,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures,
  };
}

async function mixed() {
  const max = Math.max(...LEVELS);
  const cookies = [];
  const started = performance.now();
  for (let i = 0; i < max; i += 16) cookies.push(...(await Promise.all(Array.from({ length: Math.min(16, max - i) }, register))));
  console.log(
    `player-reads  mixed: ${max} players registered in ${((performance.now() - started) / 1000).toFixed(1)} s, think time ${THINK_MS} ms ±50 %`,
  );
  await mixedLevel(cookies.slice(0, LEVELS[0]), 3); // warm-up (JIT, connections), not counted
  let held = 0;
  for (const n of LEVELS) {
    const m = await mixedLevel(cookies.slice(0, n), LEVEL_SECONDS);
    const pass = m.p99 <= P99_BOUND_MS && m.failures === 0;
    console.log(
      `player-reads  mixed ${String(n).padStart(4)} players: ${m.rps.toFixed(0).padStart(5)} calls/s  p50 ${m.p50.toFixed(1)} ms  p99 ${m.p99.toFixed(1)} ms` +
        `${m.failures ? `  ${m.failures} failed` : ''}  ${pass ? 'held' : 'NOT held'}`,
    );
    // the slowest kinds of call at every level (at the last, the ones that did not hold)
    for (const k of m.kinds.slice(0, 4))
      console.log(
        `player-reads  mixed        slowest: ${k.kind.padEnd(40)} ${String(k.calls).padStart(5)} calls  p50 ${k.p50.toFixed(1)} ms  p99 ${k.p99.toFixed(1)} ms`,
      );
    if (!pass) break;
    held = n;
  }
  console.log(`player-reads  mixed: ${held} concurrent active players held at p99 ≤ ${P99_BOUND_MS} ms`);
  return held;
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
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_ITERATIONS: '1',
    WEB_DIST: '/nonexistent',
  });
  try {
    await waitFor(`${SANDBOX}/bank/_faults`);
    await waitFor(`${SERVER}/api/v2/agency/info`, 240_000);
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
    if (MIXED) results.held = await mixed();
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
