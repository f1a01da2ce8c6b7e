// The floor under bench/settlement.mjs: the same shape of work with nothing of ours in it, on the
// same machine and against pgbench in the same run. A bare Fastify "server" takes the signed
// callback (HMAC checked on the raw body), asks a bare Fastify "bank" for the status (undici, kept
// alive), marks the order PAID in one autocommitted UPDATE (a named prepared statement), tells a
// bare "provider" about the transfer (undici), marks the order SUCCESS in a second UPDATE, and
// answers. No ledger, no outbox, no validation, no logging: what three HTTP exchanges and two
// committed single-row statements cost per settlement here, whatever code does them.
// Usage: node bench/settlement-floor.mjs [--orders 6000] [--concurrency 8] [--pgbench-seconds 15] [--pg URL]
import { spawn } from 'node:child_process';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { databaseUrl, pgbenchTps, runSql } from './lib/pg.mjs';
import { cpuSeconds, cpuSecondsOf, stop, waitFor } from './lib/proc.mjs';

const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const ROLE = arg('role', 'main');
const ORDERS = Math.min(Number(arg('orders', 6000)), 20_000);
const CONCURRENCY = Math.min(Number(arg('concurrency', 8)), 64);
const PGBENCH_SECONDS = Math.min(Number(arg('pgbench-seconds', 15)), 120);
const ADMIN_URL = arg('pg', process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const SECRET = 'floor-callback-secret-0123456789';
const BANK = 'http://127.0.0.1:3953';
const SERVER = 'http://127.0.0.1:3954';
const dbUrl = (name) => databaseUrl(ADMIN_URL, name);

async function bank() {
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  const transfers = new Map();
  app.get('/status/:reference', async (req) => ({ reference: req.params.reference, status: 'PAID', amount: '20000' }));
  app.post('/transfers', async (req) => {
    // idempotent by reference, as a provider is
    const { reference, amount } = req.body;
    if (!transfers.has(reference)) transfers.set(reference, { id: randomBytes(8).toString('hex'), amount });
    return { status: 'POSTED', id: transfers.get(reference).id };
  });
  await app.listen({ host: '127.0.0.1', port: 3953 });
}

async function server() {
  const { default: Fastify } = await import('fastify');
  const { Agent, request } = await import('undici');
  const dispatcher = new Agent({ keepAliveTimeout: 10_000 });
  const pool = new pg.Pool({ connectionString: process.env.FLOOR_DATABASE_URL, max: 10 });
  const app = Fastify({ logger: false });
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.post('/callback', async (req, reply) => {
    const raw = req.body;
    const expected = createHmac('sha256', SECRET).update(`${req.headers['x-timestamp']}.${raw}`).digest();
    const given = Buffer.from(String(req.headers['x-signature']), 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return reply.code(401).send({ error: 'signature' });
    const { reference } = JSON.parse(raw);
    const status = await request(`${BANK}/status/${reference}`, { dispatcher });
    if ((await status.body.json()).status !== 'PAID') return reply.code(409).send({ error: 'not paid' });
    const paid = await pool.query({
      name: 'paid',
      text: `UPDATE floor_orders SET status = 'PAID' WHERE reference = $1 AND status = 'OPEN' RETURNING id`,
      values: [reference],
    });
    if (paid.rowCount !== 1) return { ok: true, duplicate: true };
    const posted = await request(`${BANK}/transfers`, {
      method: 'POST',
      dispatcher,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reference: `dep:${paid.rows[0].id}`, amount: '500' }),
    });
    if ((await posted.body.json()).status !== 'POSTED') throw new Error('transfer not posted');
    await pool.query({ name: 'success', text: `UPDATE floor_orders SET status = 'SUCCESS' WHERE id = $1`, values: [paid.rows[0].id] });
    return { ok: true };
  });
  await app.listen({ host: '127.0.0.1', port: 3954 });
}

const admin = (sql, url = ADMIN_URL) => runSql(url, sql);
const pgbench = (name) => pgbenchTps(dbUrl(name), PGBENCH_SECONDS);

async function main() {
  const stamp = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const floorDb = `bench_floor_${stamp}`;
  const pgbenchDb = `bench_floor_pgbench_${stamp}`;
  await admin(`CREATE DATABASE ${floorDb}`);
  await admin(`CREATE DATABASE ${pgbenchDb}`);
  const self = fileURLToPath(import.meta.url);
  const start = (role) =>
    spawn(process.execPath, [self, '--role', role], {
      env: { ...process.env, FLOOR_DATABASE_URL: dbUrl(floorDb) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  const children = [];
  try {
    await admin(
      `CREATE TABLE floor_orders (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, reference text NOT NULL UNIQUE, status text NOT NULL DEFAULT 'OPEN');
       INSERT INTO floor_orders (reference) SELECT 'R' || i FROM generate_series(1, ${ORDERS}) i;`,
      dbUrl(floorDb),
    );
    children.push(start('bank'), start('server'));
    await waitFor(`${BANK}/status/warm`);
    await waitFor(`${SERVER}/callback`);
    // the bank's side of the callbacks: undici's request on kept-alive connections (fetch costs this
    // process several times the CPU, which the measured processes would lose to it)
    const { Agent, request } = await import('undici');
    const dispatcher = new Agent({ keepAliveTimeout: 10_000 });
    const send = async (reference) => {
      const body = JSON.stringify({ reference, amount: '20000', currency: 'LAK' });
      const timestamp = String(Date.now());
      const signature = createHmac('sha256', SECRET).update(`${timestamp}.${body}`).digest('hex');
      const res = await request(`${SERVER}/callback`, {
        method: 'POST',
        dispatcher,
        headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': signature },
        body,
      });
      await res.body.dump();
      if (res.statusCode !== 200) throw new Error(`callback ${reference}: ${res.statusCode}`);
    };
    const refs = Array.from({ length: ORDERS }, (_, i) => `R${i + 1}`);
    // the first tenth warms the processes up (JIT), untimed
    const warm = refs.splice(0, Math.floor(ORDERS / 10));
    const inFlight = async (list) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < list.length) await send(list[next++]);
        }),
      );
    };
    await inFlight(warm);
    const cpu = () => ({
      server: cpuSeconds(children[1].pid),
      bank: cpuSeconds(children[0].pid),
      postgres: cpuSecondsOf('postgres'),
      client: process.cpuUsage(),
    });
    const before = cpu();
    const t0 = performance.now();
    await inFlight(refs);
    const seconds = (performance.now() - t0) / 1000;
    const after = cpu();
    const { rows } = await admin(`SELECT count(*)::int AS n FROM floor_orders WHERE status = 'SUCCESS'`, dbUrl(floorDb));
    if (rows[0].n !== ORDERS) throw new Error(`${rows[0].n} of ${ORDERS} orders SUCCESS`);
    const perSecond = refs.length / seconds;
    const ms = (a, b) => (((a - b) * 1000) / refs.length).toFixed(2);
    const clientMs = ((after.client.user + after.client.system - before.client.user - before.client.system) / 1000 / refs.length).toFixed(
      2,
    );
    const tps = pgbench(pgbenchDb);
    console.log(
      `floor        ${refs.length} callbacks (after ${warm.length} untimed), ${CONCURRENCY} in flight: ${perSecond.toFixed(1)} settlements/s`,
    );
    console.log(
      `floor        CPU per settlement: server ${ms(after.server, before.server)} ms, bank+provider ${ms(after.bank, before.bank)} ms, postgres ${ms(after.postgres, before.postgres)} ms, load generator ${clientMs} ms`,
    );
    console.log(`floor        pgbench TPC-B -s 10 -c 8 -j 2 -T ${PGBENCH_SECONDS}: ${tps.toFixed(1)} tps`);
    console.log(`floor        ratio ${(perSecond / tps).toFixed(3)} (the goal of bench/settlement.mjs is 0.3)`);
  } finally {
    await Promise.all(children.map(stop));
    for (const name of [floorDb, pgbenchDb]) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
  }
}

if (ROLE === 'bank') await bank();
else if (ROLE === 'server') await server();
else await main();
