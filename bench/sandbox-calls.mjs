// The sandbox alone under the two calls it serves per settlement in bench/settlement.mjs: the bank's
// status look-up by reference (GET /bank/orders/:reference) and a provider transfer in
// (POST /providers/gclub/transfers), signed and sent as the server sends them (undici, kept alive),
// C pairs in flight, its state on the local PostgreSQL server in a fresh database. Prints the CPU per
// pair of the sandbox process (user and system, from /proc) and of every PostgreSQL backend.
// Not part of `npm run bench`: a tool for work on the sandbox's own cost.
// Usage: node bench/sandbox-calls.mjs [--pairs 4000] [--concurrency 8] [--statements] [--pg URL]
//   --statements: the sandbox database's statements (nested ones too) per pair (needs pg_stat_statements)
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';
import { databaseUrl, runSql } from './lib/pg.mjs';
import { cpuSecondsOf, startNode, stop, waitFor } from './lib/proc.mjs';

const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const PAIRS = Math.min(Number(arg('pairs', 4000)), 20_000);
const WARM = 600;
const CONCURRENCY = Math.min(Number(arg('concurrency', 8)), 64);
const STATEMENTS = process.argv.includes('--statements');
const ADMIN_URL = arg('pg', process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const SANDBOX = 'http://127.0.0.1:3955';
const BANK_SECRET = 'bench-bank-gateway-secret-0123';
const PROVIDER_SECRET = 'bench-provider-secret-012345678';

if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(new URL(ADMIN_URL).hostname)) throw new Error('loopback only');

/** user and system CPU seconds of a process so far (Linux) */
function cpuOf(pid) {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return { user: Number(f[11]) / 100, system: Number(f[12]) / 100 };
}

// as the server's http-signing.ts signs
function signed(secret, method, path, body) {
  const timestamp = String(Date.now());
  const signature = createHmac('sha256', secret).update(`${method}\n${path}\n${timestamp}\n${body}`).digest('hex');
  return { 'x-signature': signature, 'x-timestamp': timestamp };
}

const dbName = `bench_sandbox_calls_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
await runSql(ADMIN_URL, `CREATE DATABASE ${dbName}`);
// nested statements too (the provider's transfer is one database function)
if (STATEMENTS) await runSql(ADMIN_URL, `ALTER DATABASE ${dbName} SET pg_stat_statements.track = 'all'`);
const sandbox = startNode('apps/sandbox/src/server.ts', {
  SANDBOX_HOST: '127.0.0.1',
  SANDBOX_PORT: new URL(SANDBOX).port,
  SANDBOX_DATA_DIR: 'memory://',
  SANDBOX_DATABASE_URL: databaseUrl(ADMIN_URL, dbName),
  SANDBOX_PUBLIC_URL: SANDBOX,
  BANK_GATEWAY_SECRET: BANK_SECRET,
  PROVIDER_SECRET,
});
const agent = new Agent({ keepAliveTimeout: 10_000 });
try {
  await waitFor(`${SANDBOX}/health`);
  // paid orders, written straight into the bank's table (the look-up is what is measured)
  const refs = Array.from({ length: WARM + PAIRS }, (_, i) => `D${String(i).padStart(7, '0')}${randomBytes(3).toString('hex')}`);
  await runSql(
    databaseUrl(ADMIN_URL, dbName),
    `INSERT INTO bank_orders (reference, payload, amount_lak, callback_url, expires_at, status, bank_reference, payer_bank, paid_at)
     SELECT r, 'qr-' || r, 20000 + i, 'http://127.0.0.1:9/callback', now() + interval '1 hour', 'PAID', 'BCEL' || r, 'bcel', now()
       FROM unnest(ARRAY['${refs.join("','")}']) WITH ORDINALITY AS t(r, i)`,
  );
  const call = async (method, path, secret, body = '') => {
    const res = await request(SANDBOX + path, {
      method,
      dispatcher: agent,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...signed(secret, method, path, body) },
      ...(body ? { body } : {}),
    });
    const text = await res.body.text();
    if (res.statusCode !== 200) throw new Error(`${method} ${path}: ${res.statusCode} ${text}`);
  };
  const pair = async (i) => {
    await call('GET', `/bank/orders/${refs[i]}`, BANK_SECRET);
    const transfer = {
      reference: `T${refs[i]}`,
      direction: 'IN',
      playerId: randomUUID(),
      agencyId: 'bench-agency',
      username: `player${i}`,
      amount: '123.45',
    };
    await call('POST', '/providers/gclub/transfers', PROVIDER_SECRET, JSON.stringify(transfer));
  };
  const run = async (from, to) => {
    let next = from;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < to) await pair(next++);
      }),
    );
  };
  await run(0, WARM);
  if (STATEMENTS) await runSql(ADMIN_URL, 'SELECT pg_stat_statements_reset()');
  const before = { sandbox: cpuOf(sandbox.pid), postgres: cpuSecondsOf('postgres') };
  const started = performance.now();
  await run(WARM, WARM + PAIRS);
  const ms = performance.now() - started;
  const after = { sandbox: cpuOf(sandbox.pid), postgres: cpuSecondsOf('postgres') };
  const per = (a, b) => (((a - b) * 1000) / PAIRS).toFixed(3);
  console.log(
    `sandbox-calls ${PAIRS} pairs (after ${WARM} untimed), ${CONCURRENCY} in flight: ${((PAIRS / ms) * 1000).toFixed(0)} pairs/s`,
  );
  console.log(
    `sandbox-calls CPU per pair: sandbox ${per(after.sandbox.user + after.sandbox.system, before.sandbox.user + before.sandbox.system)} ms ` +
      `(user ${per(after.sandbox.user, before.sandbox.user)}, system ${per(after.sandbox.system, before.sandbox.system)}), postgres ${per(after.postgres, before.postgres)} ms`,
  );
  if (STATEMENTS) {
    const { rows } = await runSql(
      ADMIN_URL,
      `SELECT calls, total_exec_time + total_plan_time AS ms, toplevel, left(regexp_replace(query, '\\s+', ' ', 'g'), 100) AS query
         FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid WHERE d.datname = '${dbName}' ORDER BY ms DESC LIMIT 10`,
    );
    for (const r of rows)
      console.log(
        `${((r.ms * 1000) / PAIRS).toFixed(1).padStart(7)} µs/pair ${(r.calls / PAIRS).toFixed(2)} calls ${r.toplevel ? 'top   ' : 'nested'} ${r.query}`,
      );
  }
} finally {
  await agent.close();
  await stop(sandbox);
  await runSql(ADMIN_URL, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
}
