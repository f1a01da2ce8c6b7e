import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sandboxConfigSchema } from '../config.js';
import { startPart } from '../test-database.js';
import { providerSandbox } from './index.js';
import { signatureOf } from './signature.js';

export const config = sandboxConfigSchema.parse({
  SANDBOX_DATA_DIR: 'memory://',
  LOG_LEVEL: 'silent',
  SANDBOX_PUBLIC_URL: 'http://games.test',
});

/** The provider sandbox alone, on fresh test storage (test-database.ts), with nothing else of the sandbox. */
export function startProvider(): Promise<FastifyInstance> {
  return startPart(providerSandbox, { prefix: '/providers', config });
}

/** A request signed as the server signs it (`headers` can override, e.g. to forge one). */
export function signed(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  body?: object,
  headers: Record<string, string> = {},
) {
  const payload = body === undefined ? '' : JSON.stringify(body);
  const timestamp = String(Date.now());
  return app.inject({
    method,
    url,
    headers: {
      'x-timestamp': timestamp,
      'x-signature': signatureOf(config.PROVIDER_SECRET, method, url, timestamp, payload),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { payload }),
  });
}

export const newPlayer = () => ({ playerId: randomUUID(), agencyId: randomUUID(), username: 'somchai01' });
export const newRef = () => `t-${randomUUID()}`;

export function transfer(app: FastifyInstance, providerId: string, body: Record<string, unknown>) {
  return signed(app, 'POST', `/providers/${providerId}/transfers`, body);
}

export async function balanceOf(app: FastifyInstance, providerId: string, playerId: string): Promise<string | null> {
  const res = await signed(app, 'GET', `/providers/${providerId}/players/${playerId}/balance`);
  return res.statusCode === 404 ? null : (res.json() as { balance: string }).balance;
}
