import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import { answerJson, httpRequest, type HttpAnswer } from '../http-client.js';
import { signedHeaders } from '../http-signing.js';
import { verifyCallback, type BankCallback } from './signing.js';

export interface CreateBankOrderInput {
  /** our reference, also in the QR (tag 62): the bank finds the order by it */
  reference: string;
  payload: string;
  /** whole kip; must equal the QR's amount */
  amountLak: bigint;
  expiresAt: Date;
  /** where the bank sends the payment callback; defaults to the client's callbackUrl */
  callbackUrl?: string;
}

export interface BankOrderCreated {
  reference: string;
  status: 'UNPAID' | 'PAID' | 'EXPIRED';
  /** the sandbox's pay page for this QR (a real gateway has none) */
  payUrl: string | null;
}

export type BankOrderStatus =
  | { status: 'PAID'; reference: string; bankReference: string; amountLak: bigint; currency: string; paidAt: Date }
  | { status: 'UNPAID' | 'EXPIRED' | 'NOT_FOUND'; reference: string };

/** The gateway could not answer now (down, 5xx, timeout, garbage): ask again later, decide nothing. */
export class BankGatewayUnavailableError extends Error {
  override readonly name = 'BankGatewayUnavailableError';
}

/** The gateway definitely refused the request (bad QR, reference taken by another order…). */
export class BankGatewayRefusedError extends Error {
  override readonly name = 'BankGatewayRefusedError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface BankGatewayClient {
  createOrder(input: CreateBankOrderInput): Promise<BankOrderCreated>;
  status(reference: string): Promise<BankOrderStatus>;
  /** Verifies a callback against the RAW body (see raw-body.ts); throws AppError SIGNATURE_INVALID. */
  verifyCallback(headers: IncomingHttpHeaders, rawBody: string, now?: Date): BankCallback;
}

export interface BankGatewayOptions {
  /** the gateway's root: `${baseUrl}/bank/orders` */
  baseUrl: string;
  gatewaySecret: string;
  callbackSecret: string;
  callbackUrl: string;
  timeoutMs?: number;
}

const orderSchema = z.object({
  reference: z.string(),
  status: z.enum(['UNPAID', 'PAID', 'EXPIRED']),
  bankReference: z.string().nullable(),
  amount: z.string().regex(/^\d+$/),
  currency: z.string(),
  paidAt: z.string().nullable(),
  payUrl: z.string().optional(),
});
const errorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/** The HTTP client of the LAO QR bank gateway (the sandbox's, or a real one with the same API). */
export function createBankGatewayClient(opts: BankGatewayOptions): BankGatewayClient {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 5_000;

  async function call(operation: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    const raw = body === undefined ? '' : JSON.stringify(body);
    // the signature covers the path the gateway sees, base path included
    const url = new URL(base + path);
    let res: HttpAnswer;
    try {
      res = await httpRequest(url, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          // signed as the provider API is (docs/decisions/007), with BANK_GATEWAY_SECRET
          ...signedHeaders(opts.gatewaySecret, method, url.pathname + url.search, raw),
        },
        ...(body === undefined ? {} : { body: raw }),
        timeoutMs,
        call: { kind: 'bank', adapter: 'gateway', operation },
      });
    } catch (err) {
      const why = err instanceof Error && err.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : String(err);
      throw new BankGatewayUnavailableError(`bank gateway ${method} ${path}: ${why}`);
    }
    const json = answerJson(res);
    if (res.status >= 500 || json === null) {
      throw new BankGatewayUnavailableError(`bank gateway ${method} ${path}: HTTP ${res.status}`);
    }
    return { status: res.status, json };
  }

  function order(path: string, json: unknown): z.infer<typeof orderSchema> {
    const parsed = orderSchema.safeParse(json);
    if (!parsed.success) throw new BankGatewayUnavailableError(`bank gateway ${path}: unexpected answer`);
    return parsed.data;
  }

  return {
    async createOrder(input) {
      const { status, json } = await call('createOrder', 'POST', '/bank/orders', {
        reference: input.reference,
        payload: input.payload,
        amountLak: input.amountLak.toString(),
        callbackUrl: input.callbackUrl ?? opts.callbackUrl,
        expiresAt: input.expiresAt.toISOString(),
      });
      if (status >= 400) {
        const err = errorSchema.safeParse(json);
        throw new BankGatewayRefusedError(err.data?.error.code ?? `HTTP_${status}`, err.data?.error.message ?? 'refused');
      }
      const o = order('/bank/orders', json);
      return { reference: o.reference, status: o.status, payUrl: o.payUrl ?? null };
    },

    async status(reference) {
      const path = `/bank/orders/${encodeURIComponent(reference)}`;
      const { status, json } = await call('status', 'GET', path);
      // only the gateway's own "no such order" counts: a 404 from a wrong base URL is not an answer
      if (status === 404 && errorSchema.safeParse(json).data?.error.code === 'ORDER_NOT_FOUND') {
        return { status: 'NOT_FOUND', reference };
      }
      // a refusal of our own signed request is a configuration fault, not an answer about the order
      if (status >= 400) throw new BankGatewayUnavailableError(`bank gateway GET ${path}: HTTP ${status}`);
      const o = order(path, json);
      if (o.reference !== reference) throw new BankGatewayUnavailableError(`bank gateway ${path}: answered for another order`);
      if (o.status !== 'PAID') return { status: o.status, reference };
      if (!o.bankReference || !o.paidAt) throw new BankGatewayUnavailableError(`bank gateway ${path}: PAID without a bank reference`);
      return {
        status: 'PAID',
        reference,
        bankReference: o.bankReference,
        amountLak: BigInt(o.amount),
        currency: o.currency,
        paidAt: new Date(o.paidAt),
      };
    },

    verifyCallback: (headers, rawBody, now) => verifyCallback(opts.callbackSecret, headers, rawBody, now),
  };
}
