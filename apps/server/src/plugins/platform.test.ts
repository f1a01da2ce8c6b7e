import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createTestApp, type TestContext } from '../test/app.js';
import type { FastifyInstance } from 'fastify';

let ctx: TestContext;
let app: FastifyInstance;
const probe: FastifyPluginAsyncZod = async (a) => {
  a.get('/boom', async () => {
    throw new Error('secret internals at /srv/app.ts:42');
  });
  // what node-postgres throws when pg_terminate_backend ends the connection under a query, as drizzle wraps it
  a.get('/terminated', async () => {
    throw new Error('Failed query: select 1', {
      cause: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    });
  });
  a.get('/cut', async () => {
    throw new Error('Failed query: select 1', { cause: new Error('Connection terminated unexpectedly') });
  });
  a.post('/echo', { schema: { body: z.object({ n: z.number().int().min(1) }) } }, async (req) => ({ n: req.body.n }));
  // a NUL in free text would reach PostgreSQL, which cannot store it: refused before the handler
  a.post(
    '/text',
    { schema: { querystring: z.object({ q: z.string().optional() }), body: z.object({ notes: z.array(z.object({ text: z.string() })) }) } },
    async (req) => ({ q: req.query.q ?? null, notes: req.body.notes.length }),
  );
};

beforeAll(async () => {
  ctx = await createTestApp({}, probe);
  app = ctx.app;
});
afterAll(() => ctx.close());

describe('the error shape', () => {
  it('answers a NUL in the query string or deep in the body with 400, and other text as usual', async () => {
    const ok = await app.inject({ method: 'POST', url: '/api/test/text?q=l%C3%A0o', payload: { notes: [{ text: 'ສະບາຍດີ' }] } });
    expect(ok.json()).toEqual({ q: 'lào', notes: 1 });
    const inQuery = await app.inject({ method: 'POST', url: '/api/test/text?q=a%00b', payload: { notes: [] } });
    expect([inQuery.statusCode, inQuery.json().error]).toEqual([
      400,
      { code: 'VALIDATION_FAILED', message: 'The request is not valid.', fields: { _: 'validation.invalid_characters' } },
    ]);
    const inBody = await app.inject({
      method: 'POST',
      url: '/api/test/text',
      payload: '{"notes":[{"text":"x"},{"text":"a\\u0000"}]}',
      headers: { 'content-type': 'application/json' },
    });
    expect([inBody.statusCode, inBody.json().error.fields]).toEqual([400, { _: 'validation.invalid_characters' }]);
  });

  it('answers unknown /api paths with 404 NOT_FOUND', async () => {
    const res = await app.inject({ url: '/api/v2/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
  });

  it('answers a thrown bug with 500 INTERNAL and no stack or message', async () => {
    const res = await app.inject({ url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } });
    expect(res.body).not.toContain('secret');
  });

  it('answers a database connection ended under the request with 503 SERVICE_UNAVAILABLE, to be sent again', async () => {
    for (const url of ['/api/test/terminated', '/api/test/cut']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: 'Please try again in a moment.' } });
    }
  });

  it("answers a URL that does not decode with 400 in the error shape, not Fastify's own", async () => {
    const res = await app.inject({ url: '/api/v2/agency/info%zz' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: 'The request is not valid.' } });
  });

  it('answers an invalid body with 400 VALIDATION_FAILED and the field', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { n: 0 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.json().error.fields)).toEqual(['n']);
  });

  it('answers malformed JSON with 400 VALIDATION_FAILED', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"n":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('refuses text the database cannot store (NUL, lone surrogate) with 400, not 500', async () => {
    for (const payload of ['{"n":1,"x":"a\\u0000b"}', '{"n":1,"x":"\\ud800"}']) {
      const res = await app.inject({ method: 'POST', url: '/api/test/echo', headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ _: 'validation.invalid_characters' });
    }
    const emoji = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"n":1,"x":"\\ud83d\\ude00"}',
    });
    expect(emoji.statusCode).toBe(200);
  });

  it('refuses prototype poisoning', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"n":1,"__proto__":{"x":1}}',
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a non-JSON body with 415', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'text/plain' },
      payload: 'n=1',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('security', () => {
  it('sends strict headers on every answer', async () => {
    const res = await app.inject({ url: '/api/v2/agency/info', headers: { host: 'localhost' } });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('refuses a state-changing call from a foreign Origin', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { host: 'localhost:3000', origin: 'https://evil.example' },
      payload: { n: 1 },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
  });

  it('accepts the same origin', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { host: 'localhost:3000', origin: 'http://localhost:3000' },
      payload: { n: 1 },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('serves the document generated from the routes', async () => {
    const res = await app.inject({ url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/v2/agency/info']).toBeDefined();
  });

  it('serves a browsable page', async () => {
    const res = await app.inject({ url: '/api/docs/' });
    expect([200, 302]).toContain(res.statusCode);
  });
});
