import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows } from '../db/client.js';
import { AppError } from '../errors.js';
import { createTestApp, type TestContext } from '../test/app.js';
import { registerPlayer, type TestPlayer } from '../test/players.js';
import { IDEMPOTENCY_LEASE_SECONDS } from './idempotency.js';

let ctx: TestContext;
let app: FastifyInstance;
let player: TestPlayer;
let calls = 0;
// a request that never answers, as one whose process died mid-way
let hang: Promise<void> = Promise.resolve();

const probe: FastifyPluginAsyncZod = async (a) => {
  a.post('/pay', { config: { idempotent: true }, schema: { body: z.object({ amount: z.number() }) } }, async (req, reply) => {
    calls++;
    if (req.body.amount < 0) throw new AppError('VALIDATION_FAILED', 'negative');
    if (req.body.amount === 500) throw new Error('boom');
    if (req.body.amount === 999) await hang;
    return reply.code(201).send({ paid: req.body.amount, call: calls });
  });
};

beforeAll(async () => {
  ctx = await createTestApp({}, probe);
  app = ctx.app;
  player = await registerPlayer(app);
});
afterAll(() => ctx.close());

const pay = (amount: number, key?: string, cookie: string | undefined = player.cookie) =>
  app.inject({
    method: 'POST',
    url: '/api/test/pay',
    headers: { host: 'localhost', ...(cookie ? { cookie } : {}), ...(key ? { 'idempotency-key': key } : {}) },
    payload: { amount },
  });
const rowsOf = async (key: string) =>
  queryRows<{ owner: string; status_code: number | null }>(app.db, sql`SELECT owner, status_code FROM idempotency_keys WHERE key = ${key}`);

describe('Idempotency-Key', () => {
  it('answers a repeated key with the first answer, running the handler once', async () => {
    const before = calls;
    const a = await pay(10, 'k-1');
    const b = await pay(10, 'k-1');
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.json()).toEqual(a.json());
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(calls - before).toBe(1);
  });

  it('refuses the same key with another body with 422', async () => {
    await pay(10, 'k-2');
    const res = await pay(11, 'k-2');
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('keeps a 4xx answer for the key too', async () => {
    const a = await pay(-1, 'k-3');
    const b = await pay(-1, 'k-3');
    expect(a.statusCode).toBe(400);
    expect(b.statusCode).toBe(400);
    expect(b.headers['idempotent-replayed']).toBe('true');
  });

  it('forgets a 5xx answer so that the client may retry', async () => {
    const before = calls;
    expect((await pay(500, 'k-4')).statusCode).toBe(500);
    expect((await pay(500, 'k-4')).statusCode).toBe(500);
    expect(calls - before).toBe(2);
  });

  it('writes the outcome again on a fresh connection when its connection was ended, and answers the work done', async () => {
    // the key's statements are built once (decision 187): the fault goes in at the driver, under their text
    const client = (app.db as unknown as { session: { client: { query: (...args: unknown[]) => unknown } } }).session.client;
    const query = client.query;
    const ended = () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    let failing = 1;
    // the database ends the connection under the write of the key's outcome (pg_terminate_backend, the soak's fault)
    client.query = function (this: unknown, ...args: unknown[]) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
      if (text?.startsWith('update "idempotency_keys" set "status_code"') && failing-- > 0) {
        return Promise.reject(new Error('Failed query: update "idempotency_keys"', { cause: ended() }));
      }
      return query.apply(this, args);
    };
    try {
      const first = await pay(21, 'k-ended');
      expect(first.statusCode).toBe(201);
      const again = await pay(21, 'k-ended');
      expect([again.statusCode, again.headers['idempotent-replayed'], again.json()]).toEqual([201, 'true', first.json()]);
      // out of reach for good: the client is still told what was done (201), not an error
      failing = 10;
      const out = await pay(22, 'k-out');
      expect(out.statusCode).toBe(201);
      expect((await rowsOf('k-out'))[0]?.status_code).toBeNull();
    } finally {
      client.query = query;
    }
  });

  it('runs every request without a key', async () => {
    const before = calls;
    await pay(1);
    await pay(1);
    expect(calls - before).toBe(2);
  });

  it('refuses a malformed key', async () => {
    const res = await pay(1, 'bad key with spaces');
    expect(res.statusCode).toBe(400);
  });

  it('runs concurrent requests with one key once', async () => {
    const before = calls;
    const answers = await Promise.all(Array.from({ length: 8 }, () => pay(7, 'k-5')));
    expect(calls - before).toBe(1);
    for (const r of answers) expect([201, 409]).toContain(r.statusCode);
  });

  it('answers 401 without a session and writes nothing, whatever the body', async () => {
    const before = calls;
    for (const payload of [{ amount: 1 }, { amount: 'not a number' }]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/test/pay',
        headers: { host: 'localhost', 'idempotency-key': 'anon-1' },
        payload,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
    }
    expect(calls).toBe(before);
    expect(await rowsOf('anon-1')).toEqual([]);
  });

  it('keeps one key per player: the same key of another player runs again', async () => {
    const other = await registerPlayer(app);
    const before = calls;
    expect((await pay(3, 'shared-key')).statusCode).toBe(201);
    expect((await pay(3, 'shared-key', other.cookie)).headers['idempotent-replayed']).toBeUndefined();
    expect(calls - before).toBe(2);
    expect((await rowsOf('shared-key')).map((r) => r.owner).sort()).toEqual([player.playerId, other.playerId].sort());
  });
});

describe('the lease of a key still running', () => {
  let release = () => {};
  const hangNext = () => (hang = new Promise<void>((resolve) => (release = resolve)));
  const expireLease = (key: string) =>
    app.db.execute(sql`UPDATE idempotency_keys SET lease_expires_at = now() - interval '1 second' WHERE key = ${key}`);

  it('answers 409 while the lease holds, then lets the next request with the same body take it over', async () => {
    hangNext();
    const first = pay(999, 'lease-1');
    await expect.poll(async () => (await rowsOf('lease-1')).length).toBe(1);
    const [row] = await queryRows<{ s: number }>(
      app.db,
      sql`SELECT round(extract(epoch FROM lease_expires_at - now()))::int AS s FROM idempotency_keys WHERE key = 'lease-1'`,
    );
    expect(row!.s).toBeGreaterThan(IDEMPOTENCY_LEASE_SECONDS - 5);
    expect((await pay(999, 'lease-1')).statusCode).toBe(409);

    // the first request's process "died": its lease passes without an answer
    await expireLease('lease-1');
    expect((await pay(998, 'lease-1')).statusCode).toBe(422);
    hang = Promise.resolve();
    const before = calls;
    const taken = await pay(999, 'lease-1');
    expect(taken.statusCode).toBe(201);
    expect(calls - before).toBe(1);
    expect((await pay(999, 'lease-1')).headers['idempotent-replayed']).toBe('true');

    // the first one finishing late does not overwrite the answer its taker stored
    release();
    expect((await first).statusCode).toBe(201);
    expect((await pay(999, 'lease-1')).json()).toEqual(taken.json());
  });

  it('lets only one of several requests take an expired lease over', async () => {
    hangNext();
    const first = pay(999, 'lease-2');
    await expect.poll(async () => (await rowsOf('lease-2')).length).toBe(1);
    await expireLease('lease-2');
    hang = Promise.resolve();
    const before = calls;
    const answers = await Promise.all(Array.from({ length: 6 }, () => pay(999, 'lease-2')));
    expect(calls - before).toBe(1);
    for (const r of answers) expect([201, 409]).toContain(r.statusCode);
    release();
    await first;
  });

  it('never takes over a key that has its answer', async () => {
    expect((await pay(5, 'lease-3')).statusCode).toBe(201);
    await expireLease('lease-3');
    const before = calls;
    expect((await pay(5, 'lease-3')).headers['idempotent-replayed']).toBe('true');
    expect(calls).toBe(before);
  });
});
