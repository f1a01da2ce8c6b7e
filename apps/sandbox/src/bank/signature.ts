import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { BankApiError } from './errors.js';

/** How far a request's timestamp may be from our clock. */
export const SIGNATURE_WINDOW_MS = 5 * 60 * 1000;

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

/**
 * The merchant's requests to the gateway (create order, status): hex HMAC-SHA256 with
 * BANK_GATEWAY_SECRET over `METHOD\nPATH?QUERY\nTIMESTAMP\nBODY`, timestamp in epoch milliseconds.
 */
export function requestSignature(secret: string, method: string, path: string, timestamp: string, body: string): string {
  return hmac(secret, `${method.toUpperCase()}\n${path}\n${timestamp}\n${body}`);
}

/** The gateway's callbacks to the merchant (DESIGN.md §5): hex HMAC-SHA256 with BANK_CALLBACK_SECRET over `TIMESTAMP.BODY`. */
export function callbackSignature(secret: string, timestamp: string, body: string): string {
  return hmac(secret, `${timestamp}.${body}`);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the body exactly as received, for the signature (signed routes only) */
    rawBody?: string;
  }
}

/** Throws 401 unless the request carries a fresh, valid signature of its method, path, time and body. */
export function verifyRequest(request: FastifyRequest, secret: string, now = Date.now()): void {
  const signature = request.headers['x-signature'];
  const timestamp = request.headers['x-timestamp'];
  if (typeof signature !== 'string' || typeof timestamp !== 'string' || !/^\d{1,16}$/.test(timestamp)) {
    throw new BankApiError(401, 'SIGNATURE_MISSING', 'x-signature and x-timestamp are required');
  }
  if (Math.abs(now - Number(timestamp)) > SIGNATURE_WINDOW_MS) {
    throw new BankApiError(401, 'SIGNATURE_EXPIRED', 'x-timestamp is outside the 5-minute window');
  }
  const expected = Buffer.from(requestSignature(secret, request.method, request.url, timestamp, request.rawBody ?? ''));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new BankApiError(401, 'SIGNATURE_INVALID', 'bad signature');
  }
}
