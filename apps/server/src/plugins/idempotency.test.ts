import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../errors.js';
import { createTestApp, type TestContext } from '../test/app.js';

let ctx: TestContext;
let app: FastifyInstance;
let calls = 0;

const probe: FastifyPluginAsyncZod = async (a) => {
  a.post('/pay', { config: { idempotent: true }, schema: { body: z.object({ amount: z.number() }) } }, async (req, reply) => {
    calls++;
    if (req.body.amount < 0) throw new AppError('VALIDATION_FAILED', 'negative');
    if (req.body.amount === 500) throw new Error('boom');
    return reply.code(201).send({ paid: req.body.amount, call: calls });
  });
};

beforeAll(async () => {
  ctx = await createTestApp({}, probe);
  app = ctx.app;
});
afterAll(() => ctx.close());

const pay = (amount: number, key?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/test/pay',
    headers: { host: 'localhost', ...(key ? { 'idempotency-key': key } : {}) },
    payload: { amount },
  });

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
});
