import { z } from 'zod';
import { answerJson, httpRequest, type HttpAnswer } from '../http-client.js';
import { signedHeaders } from '../http-signing.js';
import {
  BankGatewayRefusedError,
  BankGatewayUnavailableError,
  type BankBill,
  type BankBillStatus,
  type BankGateway,
  type BankTransaction,
} from './bank-gateway.js';
import { verifyCallback } from './signing.js';

export { BankGatewayRefusedError, BankGatewayUnavailableError };

/** The `sandbox` protocol's adapter: the port, its callbacks verified by BANK_CALLBACK_SECRET (signing.ts). */
export type BankGatewayClient = BankGateway & Required<Pick<BankGateway, 'verifyNotice'>>;

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
const paymentSchema = z.object({
  reference: z.string(),
  bankReference: z.string(),
  amount: z.string().regex(/^\d+$/),
  currency: z.string(),
  paidAt: z.iso.datetime({ offset: true }),
});
const errorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

const transactionOf = (p: z.infer<typeof paymentSchema>): BankTransaction => ({
  reference: p.reference,
  bankReference: p.bankReference,
  amountLak: BigInt(p.amount),
  currency: p.currency,
  paidAt: new Date(p.paidAt),
});

/** The HTTP client of the `sandbox` protocol's LAO QR bank gateway (the sandbox's, or a real one with the same API). */
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

  function parsed<T extends z.ZodType>(schema: T, path: string, json: unknown): z.infer<T> {
    const res = schema.safeParse(json);
    if (!res.success) throw new BankGatewayUnavailableError(`bank gateway ${path}: unexpected answer`);
    return res.data;
  }

  /** Only the gateway's own "no such …" counts: a 404 from a wrong base URL is not an answer. */
  const gatewaySays = (json: unknown, code: string) => errorSchema.safeParse(json).data?.error.code === code;

  return {
    protocol: 'sandbox',

    async createBill(bill: BankBill) {
      const { status, json } = await call('createBill', 'POST', '/bank/orders', {
        reference: bill.reference,
        payload: bill.payload,
        amountLak: bill.amountLak.toString(),
        callbackUrl: bill.callbackUrl ?? opts.callbackUrl,
        expiresAt: bill.expiresAt.toISOString(),
      });
      if (status >= 400) {
        const err = errorSchema.safeParse(json);
        throw new BankGatewayRefusedError(err.data?.error.code ?? `HTTP_${status}`, err.data?.error.message ?? 'refused');
      }
      const o = parsed(orderSchema, '/bank/orders', json);
      return { qrPayload: bill.payload, payUrl: o.payUrl ?? null };
    },

    async status(reference): Promise<BankBillStatus> {
      const path = `/bank/orders/${encodeURIComponent(reference)}`;
      const { status, json } = await call('status', 'GET', path);
      if (status === 404 && gatewaySays(json, 'ORDER_NOT_FOUND')) return { status: 'NOT_FOUND', reference };
      // a refusal of our own signed request is a configuration fault, not an answer about the order
      if (status >= 400) throw new BankGatewayUnavailableError(`bank gateway GET ${path}: HTTP ${status}`);
      const o = parsed(orderSchema, path, json);
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

    async payment(bankReference) {
      const path = `/bank/payments/${encodeURIComponent(bankReference)}`;
      const { status, json } = await call('payment', 'GET', path);
      if (status === 404 && gatewaySays(json, 'PAYMENT_NOT_FOUND')) return null;
      if (status >= 400) throw new BankGatewayUnavailableError(`bank gateway GET ${path}: HTTP ${status}`);
      const p = parsed(paymentSchema, path, json);
      if (p.bankReference !== bankReference) throw new BankGatewayUnavailableError(`bank gateway ${path}: answered for another payment`);
      return transactionOf(p);
    },

    async disableBill(reference) {
      const path = `/bank/orders/${encodeURIComponent(reference)}/disable`;
      const { status, json } = await call('disableBill', 'POST', path, {});
      if (status === 404 && gatewaySays(json, 'ORDER_NOT_FOUND')) return;
      if (status >= 400) throw new BankGatewayUnavailableError(`bank gateway POST ${path}: HTTP ${status}`);
    },

    async listTransactions(from, to) {
      const path = `/bank/payments?from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;
      const { status, json } = await call('listTransactions', 'GET', path);
      if (status >= 400) throw new BankGatewayUnavailableError(`bank gateway GET ${path}: HTTP ${status}`);
      return parsed(z.object({ payments: z.array(paymentSchema) }), path, json).payments.map(transactionOf);
    },

    verifyNotice: (headers, rawBody, now) => verifyCallback(opts.callbackSecret, headers, rawBody, now),
  };
}
