import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { noticeJson } from './bank-wire.js';

/** A callback older than this is refused (DESIGN.md §5). */
export const CALLBACK_WINDOW_MS = 5 * 60 * 1000;
/** A callback stamped later than this ahead of our clock is refused too: clocks drift, but not by minutes. */
export const CALLBACK_MAX_SKEW_MS = 30 * 1000;

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

/** The gateway's callbacks: hex HMAC-SHA256 (BANK_CALLBACK_SECRET) over `TIMESTAMP.RAW_BODY`, timestamp in epoch ms. */
export function callbackSignature(secret: string, timestamp: string, rawBody: string): string {
  return hmac(secret, `${timestamp}.${rawBody}`);
}

const callbackBodySchema = z.object({
  reference: z.string().min(1).max(64),
  bankReference: z.string().min(1).max(64),
  amount: z.string().regex(/^[1-9]\d{0,15}$/),
  currency: z.string().regex(/^[A-Z]{3}$/),
  paidAt: z.iso.datetime({ offset: true }),
});

/** A verified payment callback. Only a hint: the order is marked PAID after the status API agrees. */
export interface BankCallback {
  reference: string;
  bankReference: string;
  /** whole kip */
  amountLak: bigint;
  currency: string;
  paidAt: Date;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * Checks a callback's signature over the RAW body and its timestamp window, then parses it.
 * Throws AppError SIGNATURE_INVALID (401) for a missing, forged, stale or future signature, and
 * VALIDATION_FAILED for a correctly signed body of the wrong shape.
 */
export function verifyCallback(secret: string, headers: IncomingHttpHeaders, rawBody: string, now: Date = new Date()): BankCallback {
  const timestamp = header(headers, 'x-timestamp');
  const signature = header(headers, 'x-signature');
  if (!timestamp || !signature || !/^\d{1,16}$/.test(timestamp) || !/^[0-9a-f]{64}$/i.test(signature)) {
    throw new AppError('SIGNATURE_INVALID', 'x-timestamp and x-signature are required');
  }
  const age = now.getTime() - Number(timestamp);
  if (age > CALLBACK_WINDOW_MS) throw new AppError('SIGNATURE_INVALID', 'the callback is too old');
  if (age < -CALLBACK_MAX_SKEW_MS) throw new AppError('SIGNATURE_INVALID', 'the callback is dated in the future');
  const expected = Buffer.from(callbackSignature(secret, timestamp, rawBody), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) {
    throw new AppError('SIGNATURE_INVALID', 'the callback signature does not match');
  }
  const json = noticeJson(rawBody, 'the callback body');
  const parsed = callbackBodySchema.safeParse(json);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'the callback body is not a payment notice');
  const { amount, paidAt, ...rest } = parsed.data;
  return { ...rest, amountLak: BigInt(amount), paidAt: new Date(paidAt) };
}
