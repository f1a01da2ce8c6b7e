import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ProviderApiError } from './errors.js';

/** How far a request's timestamp may be from our clock (replays older than this are refused). */
export const SIGNATURE_WINDOW_MS = 5 * 60 * 1000;

// each secret imported as a key once: given as a string, createHmac imports it again at every call
const keys = new Map<string, KeyObject>();
function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = createSecretKey(secret, 'utf8')));
  return key;
}

/**
 * HMAC-SHA256 (hex) over `METHOD\nPATH?QUERY\nTIMESTAMP\nBODY` (docs/decisions/007-provider-sandbox.md).
 * The server's adapter computes the same string on its side.
 */
export function signatureOf(secret: string, method: string, path: string, timestamp: string, body: string): string {
  return createHmac('sha256', keyOf(secret)).update(`${method.toUpperCase()}\n${path}\n${timestamp}\n${body}`).digest('hex');
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the body exactly as received, for the signature (signed routes only) */
    rawBody?: string;
  }
}

/** Throws 401 unless the request carries a fresh, valid signature of its method, path, time and body. */
export function verifySignature(request: FastifyRequest, secret: string, now = Date.now()): void {
  const signature = request.headers['x-signature'];
  const timestamp = request.headers['x-timestamp'];
  if (typeof signature !== 'string' || typeof timestamp !== 'string' || !/^\d{1,16}$/.test(timestamp)) {
    throw new ProviderApiError(401, 'SIGNATURE_MISSING', 'x-signature and x-timestamp are required');
  }
  if (Math.abs(now - Number(timestamp)) > SIGNATURE_WINDOW_MS) {
    throw new ProviderApiError(401, 'SIGNATURE_EXPIRED', 'x-timestamp is outside the 5-minute window');
  }
  const expected = Buffer.from(signatureOf(secret, request.method, request.url, timestamp, request.rawBody ?? ''));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new ProviderApiError(401, 'SIGNATURE_INVALID', 'bad signature');
  }
}
