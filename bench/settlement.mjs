// Deposit settlement throughput against pgbench TPC-B on the same local PostgreSQL server, in one run.
// Settlement = a signed bank callback → status confirmed at the gateway → order PAID with its ledger
// posting → provider transfer posted by the worker → order SUCCESS. Each side gets a fresh database.
// Usage: node bench/settlement.mjs [--orders 10000] [--concurrency 32] [--pgbench-seconds 15] [--waits]
//        [--promotion-share 0.5] [--pg postgres://postgres@127.0.0.1:5432/postgres]   (loopback only)
// --promotion-share S: that share of the players add a bank account and take the demo's first-deposit
// promotion before their deposit, so their settlement also turns the usage USED and credits the bonus
import { createHmac, randomBytes } from 'node:crypto';
import pg from 'pg';
import { Agent, request } from 'undici';
import { databaseUrl, pgbenchTps, runSql } from './lib/pg.mjs';
import { cpuSeconds, pidsOf, startNode, stop, waitFor } from './lib/proc.mjs';

const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
// Throughput at saturation (docs/decisions/023-measuring-settlement.md): enough orders that the
// timed phase lasts seconds, not the filling and draining of the pipeline, and enough callbacks in
// flight that the settlement, not the wait for each callback's answer, sets the pace
const ORDERS = Math.min(Number(arg('orders', 10_000)), 20_000);
const CONCURRENCY = Math.min(Number(arg('concurrency', 32)), 64);
const PGBENCH_SECONDS = Math.min(Number(arg('pgbench-seconds', 15)), 120);
const ADMIN_URL = arg('pg', process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const SAMPLE_WAITS = process.argv.includes('--waits');
const PROMOTION_SHARE = Math.min(Math.max(Number(arg('promotion-share', 0)), 0), 1);
/** Player i takes a promotion: spread evenly, so that the share holds in the warm-up and the timed phase alike. */
const takesPromotion = (i) => Math.floor((i + 1) * PROMOTION_SHARE) > Math.floor(i * PROMOTION_SHARE);
// --statements: the settlement database's statements during the timed phase, by total time
// (needs pg_stat_statements in shared_preload_libraries and CREATE EXTENSION in the admin database)
const STATEMENTS = process.argv.includes('--statements');
// --sandbox-pglite: the sandbox keeps its state in its embedded PGlite, in memory
const SANDBOX_PGLITE = process.argv.includes('--sandbox-pglite');
const SETTLE_TIMEOUT_MS = 180_000;
const GOAL = 0.3;
const CALLBACK_SECRET = 'bench-callback-secret-0123456789';
const SERVER = 'http://127.0.0.1:3952';
const SANDBOX = 'http://127.0.0.1:3951';

const admin = new URL(ADMIN_URL);
if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(admin.hostname)) throw new Error(`loopback only, not ${admin.hostname}`);
const dbUrl = (name) => databaseUrl(ADMIN_URL, name);

const adminQuery = (sql) => runSql(ADMIN_URL, sql);

/** Runs `task` over `items` with at most `limit` in flight. */
async function pool(items, limit, task) {
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await task(items[i], i);
      }
    }),
  );
  return out;
}

async function json(url, init = {}) {
  // the server refuses a state-changing call that does not say it comes from its own origin (decision 041)
  const origin = url.startsWith(SERVER) ? { origin: SERVER } : {};
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...origin, ...init.headers } });
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${JSON.stringify(body)}`);
  return { body, res };
}

/** Not timed: N players, each with an OPEN deposit paid at the bank whose callback has not been sent. */
async function prepareOrders() {
  await json(`${SANDBOX}/bank/_faults`, { method: 'POST', body: JSON.stringify({ noCallback: true }) });
  // the players first, then their deposits: a deposit's QR expires, and the players' preparation
  // (argon2 at registration; with a promotion, three calls more) would outlast it at 10,000 orders
  const players = await pool(
    Array.from({ length: ORDERS }, (_, i) => i),
    16,
    async (i) => {
      const username = `bench${i}${randomBytes(3).toString('hex')}`;
      const password = `pw-${randomBytes(6).toString('hex')}`;
      const fingerprint = randomBytes(16).toString('hex');
      const reg = await json(`${SERVER}/api/v2/players/register`, {
        method: 'POST',
        headers: { 'x-fingerprint': fingerprint },
        body: JSON.stringify({ username, password, confirmPassword: password, fingerprint }),
      });
      const cookie = reg.res.headers
        .getSetCookie()
        .find((c) => c.startsWith('sid='))
        .split(';')[0];
      if (takesPromotion(i)) {
        // a promotion asks for a bank account first (DESIGN.md §8); the number is unique in the agency
        await json(`${SERVER}/api/v2/players/bank-accounts`, {
          method: 'POST',
          headers: { cookie },
          body: JSON.stringify({
            bank: 'bcel',
            accountNumber: `0101${100_000_000 + i}`,
            accountName: 'Bench Player',
            currency: 'LAK',
            owner: true,
          }),
        });
        const { body: list } = await json(`${SERVER}/api/v2/promotions`, { headers: { cookie } });
        const first = list.promotions.find((p) => p.code === 'FIRST100');
        await json(`${SERVER}/api/v2/promotions/use`, {
          method: 'POST',
          headers: { cookie },
          body: JSON.stringify({ promotionId: first.id, providerId: 'gclub' }),
        });
      }
      return { i, cookie };
    },
  );
  return pool(players, 16, async ({ i, cookie }) => {
    const { body } = await json(`${SERVER}/api/v2/deposits`, {
      method: 'POST',
      headers: { cookie },
      body: JSON.stringify({ providerId: 'gclub', mid: 'DEMO-LAK-001', bank: 'bcel', amount: String(20_000 + i) }),
    });
    const qr = await json(`${SERVER}/api/v2/deposits/${body.order.id}/qr`, { headers: { cookie } });
    const paid = await json(`${SANDBOX}/sandbox/bank/payments`, { method: 'POST', body: JSON.stringify({ payload: qr.body.payload }) });
    return {
      id: body.order.id,
      notice: JSON.stringify({
        reference: paid.body.reference,
        bankReference: paid.body.bankReference,
        amount: paid.body.amount,
        currency: 'LAK',
        paidAt: paid.body.paidAt,
      }),
    };
  });
}

// the bank's side of the callbacks: undici's request on kept-alive connections, as a gateway would
// send them (fetch costs this process several times the CPU, which the measured processes would
// lose to it on a shared machine)
const bankSide = new Agent({ keepAliveTimeout: 10_000 });

/**
 * Sends the orders' signed callbacks, C in flight, and waits until `doneBefore + orders.length`
 * deposits are SUCCESS; `openAfter` orders (those of a later phase) stay OPEN meanwhile.
 */
async function settle(orders, db, { doneBefore = 0, openAfter = 0 } = {}) {
  const started = performance.now();
  await pool(orders, CONCURRENCY, async (o) => {
    const timestamp = String(Date.now());
    const signature = createHmac('sha256', CALLBACK_SECRET).update(`${timestamp}.${o.notice}`).digest('hex');
    const res = await request(`${SERVER}/api/v2/payments/callback`, {
      method: 'POST',
      dispatcher: bankSide,
      headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': signature },
      body: o.notice,
    });
    const text = await res.body.text();
    // 202: acknowledged, confirmed with the gateway in the background (docs/decisions/024)
    if (res.statusCode !== 200 && res.statusCode !== 202) throw new Error(`callback: ${res.statusCode} ${text}`);
  });
  const ackedMs = performance.now() - started;
  for (;;) {
    // the orders not settled yet, counted in the partial indexes of open and of PAID/FAILED orders:
    // a count of SUCCESS would read the whole table at every poll, CPU taken from what is measured
    const { rows } = await db.query(
      `SELECT (SELECT count(*) FROM deposit_orders WHERE status = 'OPEN')::int AS open,
              (SELECT count(*) FROM deposit_orders WHERE status = 'PAID')::int AS paid,
              (SELECT count(*) FROM deposit_orders WHERE status = 'FAILED')::int AS failed`,
    );
    if (rows[0].failed > 0) throw new Error(`${rows[0].failed} deposits FAILED`);
    if (rows[0].open === openAfter && rows[0].paid === 0) break;
    if (performance.now() - started > SETTLE_TIMEOUT_MS)
      throw new Error(`${rows[0].open - openAfter + rows[0].paid}/${orders.length} not settled in time`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const { rows } = await db.query(`SELECT count(*)::int AS done FROM deposit_orders WHERE status = 'SUCCESS'`);
  if (rows[0].done !== doneBefore + orders.length)
    throw new Error(`${rows[0].done} deposits SUCCESS, ${doneBefore + orders.length} expected`);
  return { ackedMs, totalMs: performance.now() - started };
}

/**
 * --waits: what the settlement database's backends are doing during the timed phase, sampled from
 * pg_stat_activity every 20 ms (state, wait event, and the statement when active), most frequent first.
 */
function sampleWaits(dbName) {
  const client = new pg.Client({ connectionString: dbUrl(dbName) });
  const counts = new Map();
  let samples = 0;
  let running = true;
  const done = (async () => {
    await client.connect();
    while (running) {
      const { rows } = await client.query(
        `SELECT state, coalesce(wait_event_type, '-') || ':' || coalesce(wait_event, '-') AS wait, left(regexp_replace(query, '\\s+', ' ', 'g'), 50) AS query
           FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      samples++;
      for (const r of rows) {
        const key = `${r.state} ${r.wait}${r.state === 'active' ? ` ${r.query}` : ''}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    await client.end();
  })();
  return async () => {
    running = false;
    await done;
    console.log(`settlement   backends per sample over ${samples} samples of pg_stat_activity:`);
    for (const [key, n] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 12))
      console.log(`${(n / samples).toFixed(2).padStart(8)}  ${key}`);
  };
}

/** --statements: what the database ran for the timed phase, per settlement, most expensive first. */
async function printStatements(dbName, n) {
  const { rows } = await adminQuery(
    `SELECT calls, total_exec_time + total_plan_time AS ms, rows, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) AS query
       FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
      WHERE d.datname = '${dbName}' AND toplevel ORDER BY ms DESC LIMIT 25`,
  );
  const calls = rows.reduce((a, r) => a + Number(r.calls), 0);
  console.log(`settlement   statements: ${(calls / n).toFixed(1)} top-level calls per settlement (top 25 shown)`);
  for (const r of rows)
    console.log(`${((r.ms * 1000) / n).toFixed(0).padStart(6)} µs/settlement ${(r.calls / n).toFixed(2).padStart(6)} calls  ${r.query}`);
  // the database functions and triggers (track_functions = 'all'), total and self time
  const client = new pg.Client({ connectionString: dbUrl(dbName) });
  await client.connect();
  try {
    const fns = await client.query(
      `SELECT funcname, calls, total_time, self_time FROM pg_stat_user_functions ORDER BY total_time DESC LIMIT 8`,
    );
    for (const f of fns.rows)
      console.log(
        `${((f.total_time * 1000) / n).toFixed(0).padStart(6)} µs/settlement total, ${((f.self_time * 1000) / n).toFixed(0).padStart(6)} self ${(f.calls / n).toFixed(2).padStart(6)} calls  ${f.funcname}()`,
      );
    // sequential scans: a statement of the settlement path reading a whole table grows with the table
    const scans = await client.query(
      `SELECT relname, seq_scan, seq_tup_read, idx_scan, n_live_tup FROM pg_stat_user_tables WHERE seq_scan > 0 ORDER BY seq_tup_read DESC LIMIT 8`,
    );
    for (const t of scans.rows)
      console.log(
        `       ${String(t.relname).padEnd(24)} seq scans ${t.seq_scan} (${t.seq_tup_read} rows read), index scans ${t.idx_scan ?? 0}, ${t.n_live_tup} rows`,
      );
  } finally {
    await client.end();
  }
}

const pgbench = (name) => pgbenchTps(dbUrl(name), PGBENCH_SECONDS);

export async function benchSettlement() {
  const stamp = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const settleDb = `bench_settle_${stamp}`;
  const pgbenchDb = `bench_pgbench_${stamp}`;
  // the bank's and the providers' state on the same PostgreSQL server, in a database of its own
  const sandboxDb = `bench_sandbox_${stamp}`;
  await adminQuery(`CREATE DATABASE ${settleDb}`);
  await adminQuery(`CREATE DATABASE ${pgbenchDb}`);
  if (!SANDBOX_PGLITE) await adminQuery(`CREATE DATABASE ${sandboxDb}`);
  const sandbox = startNode('apps/sandbox/src/server.ts', {
    SANDBOX_HOST: '127.0.0.1',
    SANDBOX_PORT: '3951',
    // the outside world (docs/decisions/022-sandbox-on-postgresql.md): on the measured server, whose
    // CPU it then shares, rather than in the sandbox's embedded PGlite (WASM, which costs it more CPU per call)
    SANDBOX_DATA_DIR: 'memory://',
    ...(SANDBOX_PGLITE ? {} : { SANDBOX_DATABASE_URL: dbUrl(sandboxDb) }),
    SANDBOX_PUBLIC_URL: SANDBOX,
    BANK_CALLBACK_SECRET: CALLBACK_SECRET,
  });
  const server = startNode('apps/server/src/server.ts', {
    PORT: '3952',
    HOST: '127.0.0.1',
    DATABASE_URL: dbUrl(settleDb),
    SANDBOX_URL: SANDBOX,
    PUBLIC_URL: SERVER,
    BANK_CALLBACK_SECRET: CALLBACK_SECRET,
    RATE_LIMIT_ENABLED: 'false',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_ITERATIONS: '1',
    WORKER_POLL_MS: '20',
    WEB_DIST: '/nonexistent',
  });
  const db = new pg.Client({ connectionString: dbUrl(settleDb) });
  try {
    await waitFor(`${SANDBOX}/bank/_faults`);
    await waitFor(`${SERVER}/api/v2/agency/info`);
    await db.connect();
    const prepared = await prepareOrders();
    // the first tenth settles untimed: it warms the processes up (JIT) as a running server is
    const warm = prepared.slice(0, Math.floor(prepared.length / 10));
    const orders = prepared.slice(warm.length);
    await settle(warm, db, { openAfter: orders.length });
    // the PostgreSQL backends of each database, by pid: the server's own statements apart from the
    // sandbox's (the bank's and the providers' state, which stands in for the outside world)
    const backends = async () => {
      const { rows } = await db.query(`SELECT pid, datname FROM pg_stat_activity WHERE datname = ANY ($1::text[])`, [
        [settleDb, sandboxDb],
      ]);
      return rows.map((r) => ({ pid: r.pid, part: r.datname === settleDb ? 'postgres (server)' : 'postgres (sandbox)' }));
    };
    // per process, so that one that starts or ends during the timed phase (a pooled connection
    // closed when idle) counts from zero or is missing, never subtracted: `postgres` is every
    // PostgreSQL process on the machine, its backends for the two databases also shown apart
    const cpu = (pids) => {
      const perProcess = {};
      for (const pid of pidsOf('postgres')) perProcess[`postgres ${pid}`] = cpuSeconds(pid);
      for (const { pid, part } of pids) perProcess[`${part} ${pid}`] = cpuSeconds(pid);
      return {
        server: cpuSeconds(server.pid),
        sandbox: cpuSeconds(sandbox.pid),
        'load generator': (({ user, system }) => (user + system) / 1e6)(process.cpuUsage()),
        ...perProcess,
      };
    };
    const cpuBefore = cpu(await backends());
    const stopSampling = SAMPLE_WAITS ? sampleWaits(settleDb) : null;
    if (STATEMENTS) {
      await adminQuery('SELECT pg_stat_statements_reset()');
      await db.query('SELECT pg_stat_reset()');
    }
    const t0 = process.hrtime.bigint();
    const { ackedMs, totalMs } = await settle(orders, db, { doneBefore: warm.length });
    // the timed window on the monotonic clock V8's CPU profiles use (µs), to cut a profile to it
    if (process.env.BENCH_NODE_ARGS)
      console.log(`settlement   timed window (monotonic µs): ${t0 / 1000n} ${process.hrtime.bigint() / 1000n}`);
    const cpuAfter = cpu(await backends());
    await stopSampling?.();
    if (STATEMENTS) await printStatements(settleDb, orders.length);
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM provider_transfers WHERE kind = 'deposit' AND status = 'POSTED'`);
    if (rows[0].n !== prepared.length) throw new Error(`${rows[0].n} transfers posted for ${prepared.length} orders`);
    const withPromotion = prepared.filter((_, i) => takesPromotion(i)).length;
    if (withPromotion > 0) {
      const used = await db.query(`SELECT count(*)::int AS n FROM promotion_usages WHERE status = 'USED' AND bonus > 0`);
      if (used.rows[0].n !== withPromotion) throw new Error(`${used.rows[0].n} usages USED with a bonus, ${withPromotion} expected`);
    }
    const perSecond = orders.length / (totalMs / 1000);
    const tps = pgbench(pgbenchDb);
    const ratio = perSecond / tps;
    console.log(
      `settlement   ${orders.length} deposits (after ${warm.length} untimed; ${withPromotion} of all ${prepared.length} with a promotion), ${CONCURRENCY} callbacks in flight: all acknowledged in ${(ackedMs / 1000).toFixed(2)} s, SUCCESS in ${(totalMs / 1000).toFixed(2)} s`,
    );
    console.log(`settlement   ${perSecond.toFixed(1)} settlements/s (callback → PAID → ledger → provider transfer posted)`);
    // where the time goes: CPU per settlement of each side (postgres: every backend on the machine)
    // a backend that started during the timed phase counts from zero; one that ended is missing
    const spent = {};
    for (const [k, v] of Object.entries(cpuAfter)) {
      if (v === null || cpuBefore[k] === null) continue;
      const part = k.startsWith('postgres') ? k.replace(/ \d+$/, '') : k;
      spent[part] = (spent[part] ?? 0) + v - (cpuBefore[k] ?? 0);
    }
    const perSettlement = Object.entries(spent).map(([k, v]) => `${k} ${((v * 1000) / orders.length).toFixed(2)} ms`);
    if (perSettlement.length) console.log(`settlement   CPU per settlement: ${perSettlement.join(', ')}`);
    console.log(`settlement   pgbench TPC-B -s 10 -c 8 -j 2 -T ${PGBENCH_SECONDS}: ${tps.toFixed(1)} tps`);
    console.log(`settlement   ratio ${ratio.toFixed(3)} (goal ≥ ${GOAL}) ${ratio >= GOAL ? 'PASS' : 'BELOW GOAL'}`);
    return { perSecond, tps, ratio };
  } finally {
    await db.end().catch(() => undefined);
    await Promise.all([stop(server), stop(sandbox)]);
    if (process.env.BENCH_KEEP_DB) console.log(`kept ${settleDb}`);
    else
      for (const name of [settleDb, pgbenchDb, sandboxDb])
        await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchSettlement();
