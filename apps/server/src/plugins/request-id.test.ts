import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { testConfig } from '../test/config.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request ids', () => {
  let database: TestDatabase;
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const build = (trustProxy: string) =>
    buildApp({ config: testConfig({ TRUST_PROXY: trustProxy }), database, logger: { level: 'info', stream } });

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it("takes the trusted proxy's X-Request-Id, and writes it in every log line of the request and in the answer", async () => {
    const app = await build('10.0.0.0/8');
    try {
      const id = '3f1c2d7e-proxy-given-0001';
      const res = await app.inject({
        url: '/api/v2/agency/info',
        headers: { host: 'localhost', 'x-request-id': id },
        remoteAddress: '10.1.2.3',
      });
      expect(res.headers['x-request-id']).toBe(id);
      const ofRequest = lines.filter((l) => l.reqId === id);
      expect(ofRequest.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    } finally {
      await app.close();
    }
  });

  it("makes a UUID when the header comes from a client (not a trusted proxy), or is not an id's shape", async () => {
    const app = await build('10.0.0.0/8');
    try {
      const fromClient = await app.inject({
        url: '/livez',
        headers: { 'x-request-id': 'chosen-by-the-client' },
        remoteAddress: '203.0.113.9',
      });
      expect(fromClient.headers['x-request-id']).toMatch(UUID);
      const malformed = await app.inject({ url: '/livez', headers: { 'x-request-id': 'a b\nc' }, remoteAddress: '10.1.2.3' });
      expect(malformed.headers['x-request-id']).toMatch(UUID);
      const a = await app.inject({ url: '/livez' });
      const b = await app.inject({ url: '/livez' });
      expect(a.headers['x-request-id']).toMatch(UUID);
      expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    } finally {
      await app.close();
    }
  });

  it('ignores the header altogether without TRUST_PROXY', async () => {
    const app = await build('false');
    try {
      const res = await app.inject({ url: '/livez', headers: { 'x-request-id': 'from-loopback-0001' } });
      expect(res.headers['x-request-id']).toMatch(UUID);
    } finally {
      await app.close();
    }
  });
});
