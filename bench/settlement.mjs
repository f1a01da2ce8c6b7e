// Deposit settlement throughput against pgbench TPC-B on the same local PostgreSQL server, in one run.
// Settlement = a signed bank callback → status confirmed at the gateway → order PAID with its ledger
// posting → provider transfer posted by the worker → order SUCCESS. Each side gets a fresh database.
// Usage: node bench/settlement.mjs [--orders 10000] [--concurrency 32] [--pgbench-seconds 15] [--waits]
//        [--promotion-share 0.5] [--pg postgres://postgres@127.0.0.1:5432/postgres]   (loopback only)
// --protocols: before (LDB on the sandbox protocol) and after (OnePay, JDB Yes, LVB Open API) in one
// run, each bank sending its own notice (bench/lib/settlement-protocols.mjs); --orders per side (default 2,000)
// --promotion-share S: that share of the players add a bank account and take the demo's first-deposit
// promotion before their deposit, so their settlement also turns the usage USED and credits the bonus
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { adminUrl, arg } from './lib/args.mjs';
import { databaseUrl, pgbenchTps, runSql } from './lib/pg.mjs';
import { cpuSeconds, pidsOf, startNode, stop, waitFor } from './lib/proc.mjs';
import { printStatements, sampleWaits } from './lib/settlement-database.mjs';
import { CALLBACK_SECRET, prepareOrders, SANDBOX, SERVER, settle } from './lib/settlement-orders.mjs';
import { compareProtocols } from './lib/settlement-protocols.mjs';

// Throughput at saturation (docs/decisions/023-measuring-settlement.md): enough orders that the
// timed phase lasts seconds, not the filling and draining of the pipeline, and enough callbacks in
// flight that the settlement, not the wait for each callback's answer, sets the pace
const ORDERS = Math.min(Number(arg('orders', 10_000)), 20_000);
const CONCURRENCY = Math.min(Number(arg('concurrency', 32)), 64);
const PGBENCH_SECONDS = Math.min(Number(arg('pgbench-seconds', 15)), 120);
const ADMIN_URL = adminUrl();
const SAMPLE_WAITS = process.argv.includes('--waits');
const PROMOTION_SHARE = Math.min(Math.max(Number(arg('promotion-share', 0)), 0), 1);
/** Player i takes a promotion: spread evenly, so that the share holds in the warm-up and the timed phase alike. */
const takesPromotion = (i) => Math.floor((i + 1) * PROMOTION_SHARE) > Math.floor(i * PROMOTION_SHARE);
// --statements: the settlement database's statements during the timed phase, by total time
// (needs pg_stat_statements in shared_preload_libraries and CREATE EXTENSION in the admin database)
const STATEMENTS = process.argv.includes('--statements');
// --sandbox-pglite: the sandbox keeps its state in its embedded PGlite, in memory
const SANDBOX_PGLITE = process.argv.includes('--sandbox-pglite');
const GOAL = 0.3;
// --protocols: the banks on their own protocols against the sandbox's, in one run
const PROTOCOLS = process.argv.includes('--protocols');

const dbUrl = (name) => databaseUrl(ADMIN_URL, name);

const adminQuery = (sql) => runSql(ADMIN_URL, sql);
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
    // JDB's partner webhook: the server's (decision 136)
    ...(PROTOCOLS ? { JDB_WEBHOOK_URL: `${SERVER}/api/v2/payments/jdb-yes` } : {}),
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
    // BCEL through OnePay, JDB through Yes, LVB through the Open API; LDB on the sandbox protocol
    ...(PROTOCOLS ? { SEED_DEMO_BANK_PROTOCOLS: 'true' } : {}),
  });
  const db = new pg.Client({ connectionString: dbUrl(settleDb) });
  try {
    await waitFor(`${SANDBOX}/bank/_faults`);
    await waitFor(`${SERVER}/api/v2/agency/info`);
    await db.connect();
    if (PROTOCOLS) {
      const cpu = () => ({ server: cpuSeconds(server.pid) ?? 0, sandbox: cpuSeconds(sandbox.pid) ?? 0 });
      const count = Math.min(Number(arg('orders', 2_000)), 5_000);
      return await compareProtocols({ count, db, concurrency: CONCURRENCY, pgbench: () => pgbench(pgbenchDb), cpu });
    }
    const prepared = await prepareOrders(ORDERS, takesPromotion);
    // the first tenth settles untimed: it warms the processes up (JIT) as a running server is
    const warm = prepared.slice(0, Math.floor(prepared.length / 10));
    const orders = prepared.slice(warm.length);
    await settle(warm, db, { concurrency: CONCURRENCY, openAfter: orders.length });
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
    const stopSampling = SAMPLE_WAITS ? sampleWaits(dbUrl(settleDb)) : null;
    if (STATEMENTS) {
      await adminQuery('SELECT pg_stat_statements_reset()');
      await db.query('SELECT pg_stat_reset()');
    }
    const t0 = process.hrtime.bigint();
    const { ackedMs, totalMs } = await settle(orders, db, { concurrency: CONCURRENCY, doneBefore: warm.length });
    // the timed window on the monotonic clock V8's CPU profiles use (µs), to cut a profile to it
    if (process.env.BENCH_NODE_ARGS)
      console.log(`settlement   timed window (monotonic µs): ${t0 / 1000n} ${process.hrtime.bigint() / 1000n}`);
    const cpuAfter = cpu(await backends());
    await stopSampling?.();
    if (STATEMENTS) await printStatements(ADMIN_URL, settleDb, orders.length);
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
