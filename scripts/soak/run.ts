/**
 * npm run soak [-- --ops 10000 --clients 16]: the bank workload, run from
 * outside like Jepsen's: two server instances on one PostgreSQL and a Redis of its own, the sandbox
 * as bank and providers, clients registering, depositing and paying, withdrawing and canceling,
 * staff approving and rejecting, while every fault kind of faults.ts is injected in turn. Then the
 * faults stop, what is still open is closed the way a player or staff member would, and the
 * invariants are checked (check.ts). Exits 1 when one fails, when any answer was 500, or when fewer
 * operations than asked were acknowledged. --max-minutes (or SIGINT) ends the workload early; the
 * healing, the checks and the summary still run. PostgreSQL: SOAK_DATABASE_URL, or
 * TEST_DATABASE_URL, or postgres://postgres@127.0.0.1:5432/postgres.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { expireDepositsNow } from '../../apps/server/src/test/deposit-expiry.js';
import { startSandbox } from '../../apps/server/src/test/sandbox.js';
import { ServerProcess } from '../../apps/server/src/test/server-process.js';
import { Front, freshDatabases, Redis } from './cluster.js';
import { Faults, FAULT_KINDS } from './faults.js';
import { checkInvariants, settleEverything } from './check.js';
import type { Player } from './player.js';
import { SoakPlayer } from './responsible.js';
import { Staff } from './staff.js';
import { newLedger } from './workload.js';

const { values } = parseArgs({
  options: {
    ops: { type: 'string', default: '10000' },
    clients: { type: 'string', default: '16' },
    'base-port': { type: 'string', default: '3700' },
    /** stop the workload after this long even if fewer operations were done (the checks still run) */
    'max-minutes': { type: 'string', default: '120' },
  },
});
const STOP_AT = Date.now() + Number(values['max-minutes']) * 60_000;
// SIGINT/SIGTERM stop the workload the same way: heal, settle, check, print
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => (interrupted = true));
const OPS = Number(values.ops);
const CLIENTS = Number(values.clients);
const BASE = Number(values['base-port']);
const adminUrl = process.env.SOAK_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const started = Date.now();
const log = (line: string) => console.log(`[soak ${((Date.now() - started) / 1000).toFixed(1)}s] ${line}`);

async function main(): Promise<boolean> {
  const databases = await freshDatabases(adminUrl);
  const redis = new Redis(BASE + 90);
  await redis.start();
  const frontPort = BASE;
  // JDB's partner webhook on the demo agency's host, through the front (decision 136)
  const sandbox = await startSandbox({
    SANDBOX_DATABASE_URL: databases.sandboxUrl,
    JDB_WEBHOOK_URL: `http://127.0.0.1:${frontPort}/api/v2/payments/jdb-yes`,
  });
  const staffPassword = `soak-owner-${Date.now()}`;
  const env = (port: number) => ({
    DATABASE_URL: databases.serverUrl,
    DATABASE_POOL_SIZE: '8',
    REDIS_URL: redis.url,
    SANDBOX_URL: sandbox.url,
    PUBLIC_URL: `http://127.0.0.1:${frontPort}`,
    TRUST_PROXY: 'loopback',
    NODE_ENV: 'development',
    LOG_LEVEL: 'error',
    WEB_DIST: '/nonexistent',
    SEED_STAFF_PASSWORD: staffPassword,
    // money, not password hashing, is what is soaked: the cheapest argon2 the config allows
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_ITERATIONS: '1',
    PROVIDER_TIMEOUT_MS: '1500',
    // the banks on their own protocols, as the demo runs them: BCEL OnePay, JDB Yes, LVB Open API
    SEED_DEMO_BANK_PROTOCOLS: 'true',
    WORKER_RETRY_BASE_MS: '250',
    PORT: String(port),
  });
  const instances = [new ServerProcess(BASE + 1, env(BASE + 1)), new ServerProcess(BASE + 2, env(BASE + 2))];
  const front = new Front(frontPort, () => instances);
  try {
    // one after the other: the first migrates and seeds
    for (const i of instances) await i.start(180_000);
    await front.start();
    log(`two instances on ${instances.map((i) => i.port).join(', ')}, front ${front.url}, redis ${redis.url}`);

    const ledger = newLedger();
    const players = new Map<string, Player>();
    const staff = new Staff(front.url, 9_999, ledger);
    await staff.login('owner', staffPassword);
    const promotionId = await staff.createPromotion();
    const faults = new Faults(
      {
        sandbox,
        instances,
        redis,
        databaseUrl: databases.serverUrl,
        front: front.url,
        openReferences: () => openReferences(databases.serverUrl),
      },
      log,
    );

    let done = 0;
    const acknowledged = () => Object.values(ledger.ops).reduce((a, b) => a + b, 0);
    // the operations asked for, and every fault kind at least once while they run
    const budget = () => !interrupted && Date.now() < STOP_AT && (acknowledged() < OPS || FAULT_KINDS.some((k) => !faults.counts[k]));
    const clientLoop = async (index: number) => {
      const p = new SoakPlayer(front.url, index, ledger);
      if (!(await p.register())) return;
      players.set(p.playerId, p);
      await p.prepare();
      done++;
      while (budget()) {
        await p.step(sandbox.url, promotionId);
        done++;
        if (done % 500 === 0) log(`${acknowledged()} operations acknowledged`);
      }
    };
    const staffLoop = async () => {
      while (budget()) {
        if ((await staff.decide(players)) === 0) await new Promise((r) => setTimeout(r, 200));
      }
    };
    // every fault kind at least twice over the run, spread by operations done
    const faultLoop = async () => {
      const every = Math.max(20, Math.floor(OPS / (FAULT_KINDS.length * 2 + 1)));
      let nextAt = every;
      while (budget()) {
        if (acknowledged() >= nextAt) {
          nextAt += every;
          await faults.injectNext().catch((err: unknown) => log(`fault failed: ${String(err)}`));
        } else await new Promise((r) => setTimeout(r, 100));
      }
    };
    // an instance that dies without being killed is a finding: its last words are printed, and it is started again
    const crashes: string[] = [];
    const watchLoop = async () => {
      while (budget()) {
        for (const i of instances) {
          if (!i.crashed) continue;
          crashes.push(`instance on ${i.port}: ${i.log.slice(-1500)}`);
          log(`instance on ${i.port} died on its own:\n${i.log.slice(-3000)}`);
          i.forgetCrashed();
          await i.start(180_000).catch((err: unknown) => log(`restart failed: ${String(err)}`));
        }
        await new Promise((r) => setTimeout(r, 500));
      }
    };
    // an order paid with the wrong amount waits for its expiry (its player cannot cancel it: PAYMENT_MISMATCH);
    // the harness's clock brings that expiry to now a few seconds later, so its player deposits again
    const clockLoop = async () => {
      const database = await openDatabase({ url: databases.serverUrl, poolSize: 1 });
      let seen = 0;
      try {
        while (budget()) {
          await new Promise((r) => setTimeout(r, 3_000));
          const fresh = ledger.wrongAmounts.slice(seen).map((w) => w.orderId);
          seen += fresh.length;
          await expireDepositsNow(database.db, fresh).catch((err: unknown) => log(`expiry not brought forward: ${String(err)}`));
        }
      } finally {
        await database.close();
      }
    };
    await Promise.all([...Array.from({ length: CLIENTS }, (_, i) => clientLoop(i)), staffLoop(), faultLoop(), watchLoop(), clockLoop()]);
    log(`${acknowledged()} operations acknowledged; healing and settling`);
    await sandbox.providerFaults.reset();
    for (const i of instances) {
      i.forgetCrashed();
      if (!i.running) await i.start(180_000);
    }

    const wrongAmountOrders = ledger.wrongAmounts.map((w) => w.orderId);
    await settleEverything({ players, staff, sandbox, databaseUrl: databases.serverUrl, log, wrongAmountOrders });
    const results = await checkInvariants({
      ledger,
      players,
      sandbox,
      databaseUrl: databases.serverUrl,
      forgedAccepted: faults.forgedAccepted,
    });

    const ops = Object.entries(ledger.ops)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    console.log('\n=== soak summary ===');
    console.log(`operations: ${acknowledged()} acknowledged of ${OPS} asked (${ops}); client retries of lost answers: ${ledger.retries}`);
    const byBank = Object.entries(ledger.paidByBank)
      .map(([bank, n]) => `${bank} ${n}`)
      .join(', ');
    console.log(`deposits paid by bank: ${byBank} (bcel OnePay, jdb Yes, lvb Open API, ldb the sandbox protocol)`);
    console.log(`clients: ${CLIENTS} players + 1 staff, 2 instances, ${((Date.now() - started) / 1000).toFixed(0)} s`);
    console.log(`faults: ${FAULT_KINDS.map((k) => `${k} ×${faults.counts[k] ?? 0}`).join(', ')}`);
    const pubnub = (await (await fetch(`${sandbox.url}/pubnub/_stats`)).json()) as { delivered: number; redelivered: number };
    console.log(
      `wrong-amount payments: ${ledger.wrongAmounts.length}; PubNub messages delivered ${pubnub.delivered}, of them delivered again ${pubnub.redelivered}`,
    );
    const refusals = Object.entries(ledger.refusals)
      .map(([k, v]) => `${k} ×${v}`)
      .join(', ');
    console.log(
      `responsible play: ${ledger.limited.size} players with a daily limit, ${ledger.excluded.size} cooling off (${ledger.excludedWithdrawals} withdrawals made while cooling off); refusals: ${refusals || 'none'}`,
    );
    console.log(`restarts: ${faults.restarts} by the harness; instances that died on their own: ${crashes.length}`);
    const statuses = Object.entries(ledger.statuses)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([status, n]) => `${status === '0' ? 'no answer' : status} ×${n}`)
      .join(', ');
    console.log(`answers by status: ${statuses}`);
    for (const r of results) console.log(`${r.ok ? 'PASS' : 'FAIL'} ${r.name}${r.detail ? `: ${r.detail}` : ''}`);
    // what the instances logged as unhandled (the 500s' causes), for whoever reads a failed run
    const unhandled = instances.flatMap((i) => i.log.split('\n').filter((l) => l.includes('unhandled error'))).slice(0, 5);
    if (unhandled.length) console.log(`instances' unhandled errors:\n${unhandled.map((l) => l.slice(0, 1500)).join('\n')}`);
    const everyKind = FAULT_KINDS.every((k) => (faults.counts[k] ?? 0) > 0);
    if (!everyKind) console.log('FAIL not every fault kind was injected');
    // stopped by --max-minutes or a signal before the operations asked: it proved less than it was asked to
    const enough = acknowledged() >= OPS;
    if (!enough) console.log(`FAIL ${acknowledged()} operations acknowledged, fewer than the ${OPS} asked`);
    if (crashes.length > 0) console.log(`FAIL instances died on their own:\n${crashes.join('\n---\n')}`);
    return enough && everyKind && crashes.length === 0 && results.every((r) => r.ok);
  } finally {
    await front.stop();
    for (const i of instances) await i.kill('SIGTERM');
    await sandbox.close();
    await redis.stop();
    await databases.drop().catch(() => {});
  }
}

async function openReferences(url: string): Promise<string[]> {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const res = await c.query<{ r: string }>("SELECT gateway_reference AS r FROM deposit_orders WHERE status = 'OPEN' LIMIT 10");
    return res.rows.map((x) => x.r);
  } finally {
    await c.end();
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
