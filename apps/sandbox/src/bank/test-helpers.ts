import { createHmac } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildLaoQr, crc16CcittFalse } from '@app/contracts';
import { sandboxConfigSchema } from '../config.js';
import { bankSandbox } from './routes.js';
import { signatureOf } from '../provider/signature.js';
import { startPart } from '../test-database.js';

export const config = sandboxConfigSchema.parse({ SANDBOX_DATA_DIR: 'memory://', LOG_LEVEL: 'silent' });

/** The bank gateway alone, on fresh test storage (test-database.ts), with nothing else of the sandbox. */
export function startBank(): Promise<FastifyInstance> {
  return startPart(bankSandbox, { config });
}

let counter = 0;
/** A fresh order reference and its QR payload. */
export function qrFor(amountLak = 100_000n, reference = ''): { reference: string; payload: string } {
  counter += 1;
  reference ||= `D2611${String(counter).padStart(4, '0')}${String(Date.now() % 1000).padStart(3, '0')}`;
  const payload = buildLaoQr({
    bank: 'bcel',
    merchantId: 'MCH0001',
    mcc: '5816',
    amountLak,
    merchantName: 'Lao Credit Demo',
    city: 'Vientiane',
    billNumber: reference,
    reference,
  });
  return { reference, payload };
}

/** Replaces part of a payload and recomputes its CRC, as a forger who knows the format would. */
export function reseal(payload: string, from: string, to: string): string {
  const body = payload.slice(0, -4).replace(from, to);
  return body + crc16CcittFalse(body);
}

/** A merchant call signed as the server signs it. */
export function signed(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  secret = config.BANK_GATEWAY_SECRET,
  at = Date.now(),
) {
  const raw = body === undefined ? '' : JSON.stringify(body);
  const timestamp = String(at);
  return app.inject({
    method,
    url,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      'x-timestamp': timestamp,
      'x-signature': signatureOf(secret, method, url, timestamp, raw),
    },
    ...(body === undefined ? {} : { payload: raw }),
  });
}

export interface Received {
  body: string;
  timestamp: string;
  signature: string;
  validSignature: boolean;
}

/**
 * A merchant endpoint that records every callback; `answers` gives the HTTP status of each call in
 * turn (200 once they run out).
 */
export async function startReceiver(answers: number[] = []) {
  const received: Received[] = [];
  const app = Fastify({ logger: false });
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.post('/callback', async (request, reply) => {
    const body = request.body as string;
    const timestamp = String(request.headers['x-timestamp']);
    const signature = String(request.headers['x-signature']);
    const expected = createHmac('sha256', config.BANK_CALLBACK_SECRET).update(`${timestamp}.${body}`).digest('hex');
    received.push({ body, timestamp, signature, validSignature: expected === signature });
    return reply.status(answers.shift() ?? 200).send({ ok: true });
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, received, url: `${address}/callback` };
}

export async function waitFor<T>(check: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 5_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
