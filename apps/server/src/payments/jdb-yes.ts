import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { answerJson, type HttpAnswer } from '../http-client.js';
import { BankGatewayRefusedError, BankGatewayUnavailableError, type BankNotice, type BankTransaction } from './bank-gateway.js';
import type { BankAdapterFactory } from './bank-gateways.js';
import { bankRequest, bearerSession, laoTime, noticeJson, paidStatus, wholeKip, wireKip } from './bank-wire.js';

/**
 * JDB's dynamic QR "Yes" API (JDB BACKEND WEB API, QR dynamic spec; docs/decisions/121): every
 * request a JSON POST with a `SignedHash` header, the hex HMAC-SHA256 of the raw body under the
 * partner's signing secret; a bearer token from `autenticate` (the API's own spelling, as are
 * `clientScret` and `mechantId`), refreshed once on 401. Answers are `{success, status, message,
 * transactionId, data}`.
 */
export const jdbCredentialsSchema = z
  .object({
    baseUrl: z.url(),
    partnerId: z.string().min(1),
    clientId: z.string().min(1),
    clientSecret: z.string().min(1),
    signSecret: z.string().min(16),
    merchantId: z.string().min(1),
    terminalId: z.string().min(1).default('WEB01'),
    terminalLabel: z.string().min(1).default('WEB'),
    mobileNo: z.string().default(''),
  })
  .strict();
export type JdbCredentials = z.input<typeof jdbCredentialsSchema>;

/** The `SignedHash` of a raw body: lowercase hex HMAC-SHA256. */
export const jdbSignedHash = (signSecret: string, rawBody: string) => createHmac('sha256', signSecret).update(rawBody).digest('hex');

const envelopeSchema = z.object({
  success: z.boolean(),
  status: z.string().optional(),
  message: z.string().optional(),
  data: z.unknown().optional(),
});
const tokenSchema = z.object({ accessToken: z.string().min(1), expiresIn: z.number().positive().optional() });
const qrSchema = z.object({ emv: z.string().min(20), mcid: z.string().optional() });
/** A paid transaction, as checkTransaction, checkTransactionByRef and the payment notice give it. */
const transactionSchema = z.object({
  refNo: z.string().min(1),
  billNumber: z.string().min(1),
  txnAmount: z.union([z.number(), z.string()]),
  txnDateTime: z.string().min(1),
  sourceAccount: z.string().nullish(),
  sourceName: z.string().nullish(),
  sourceCurrency: z.string().nullish(),
});

/** A request id of at most 25 characters, fresh for every call. */
const requestId = (prefix: string) => `${prefix}${Date.now()}${randomBytes(3).toString('hex')}`.slice(0, 25);

function transactionOf(raw: unknown, where: string): BankTransaction {
  const t = transactionSchema.safeParse(raw);
  if (!t.success) throw new BankGatewayUnavailableError(`jdb ${where}: unexpected transaction`);
  const amountLak = wholeKip(t.data.txnAmount);
  const paidAt = laoTime(t.data.txnDateTime);
  if (amountLak === null || paidAt === null) throw new BankGatewayUnavailableError(`jdb ${where}: unreadable amount or time`);
  return {
    reference: t.data.billNumber,
    bankReference: t.data.refNo,
    amountLak,
    currency: t.data.sourceCurrency ?? 'LAK',
    paidAt,
    payer: { account: t.data.sourceAccount ?? null, name: t.data.sourceName ?? null },
  };
}

export const createJdbYesGateway: BankAdapterFactory = (raw, ctx) => {
  const c = jdbCredentialsSchema.parse(raw);
  const base = c.baseUrl.replace(/\/+$/, '');

  function post(path: string, body: Record<string, unknown>, bearer: string | null): Promise<HttpAnswer> {
    const raw = JSON.stringify(body);
    const headers: Record<string, string> = { 'content-type': 'application/json', SignedHash: jdbSignedHash(c.signSecret, raw) };
    if (bearer) headers.Authorization = `Bearer ${bearer}`;
    return bankRequest(
      new URL(base + path),
      {
        method: 'POST',
        headers,
        body: raw,
        timeoutMs: ctx.timeoutMs,
        call: { kind: 'bank', adapter: 'jdb-yes', operation: path.slice(1) },
      },
      `jdb ${path}`,
    );
  }

  function envelope(path: string, res: HttpAnswer) {
    const parsed = envelopeSchema.safeParse(answerJson(res));
    if (res.status >= 500 || !parsed.success) throw new BankGatewayUnavailableError(`jdb ${path}: HTTP ${res.status}`);
    return parsed.data;
  }

  const withToken = bearerSession(async () => {
    const res = await post(
      '/autenticate',
      { requestId: requestId('AUTH'), partnerId: c.partnerId, clientId: c.clientId, clientScret: c.clientSecret },
      null,
    );
    const answer = envelope('/autenticate', res);
    const data = tokenSchema.safeParse(answer.data);
    // refused credentials are a configuration fault: nothing about any bill is decided
    if (res.status !== 200 || !answer.success || !data.success)
      throw new BankGatewayUnavailableError(`jdb /autenticate: refused (${answer.message ?? res.status})`);
    // renewed 30 s before the bank says it ends, so that no call goes out with a token about to lapse
    return { value: data.data.accessToken, until: Date.now() + Math.max(0, (data.data.expiresIn ?? 300) - 30) * 1000 };
  });

  async function call(path: string, body: Record<string, unknown>) {
    const res = await withToken((bearer) => post(path, body, bearer), `jdb ${path}`);
    return { http: res.status, ...envelope(path, res) };
  }

  const notFound = (a: { http: number; success: boolean; status?: string | undefined }) => !a.success && a.status === 'NOT_FOUND';

  return {
    protocol: 'jdb-yes',

    async createBill(bill) {
      const a = await call('/generateQr', {
        requestId: requestId('QR'),
        partnerId: c.partnerId,
        mechantId: c.merchantId,
        txnAmount: wireKip(bill.amountLak),
        billNumber: bill.reference,
        terminalId: c.terminalId,
        terminalLabel: c.terminalLabel,
        mobileNo: c.mobileNo,
      });
      if (!a.success || a.http >= 400) throw new BankGatewayRefusedError(a.status ?? `HTTP_${a.http}`, a.message ?? 'generateQr refused');
      const qr = qrSchema.safeParse(a.data);
      if (!qr.success) throw new BankGatewayUnavailableError('jdb /generateQr: no emv in the answer');
      return { qrPayload: qr.data.emv, payUrl: null };
    },

    async status(reference) {
      const a = await call('/checkTransaction', { requestId: requestId('CHK'), billNumber: reference });
      // JDB answers NOT_FOUND for a bill nobody paid: the bill is ours and open, so it is unpaid
      if (notFound(a)) return { status: 'UNPAID', reference };
      if (!a.success || a.http >= 400) throw new BankGatewayUnavailableError(`jdb /checkTransaction: ${a.status ?? a.http}`);
      const t = transactionOf(a.data, '/checkTransaction');
      if (t.reference !== reference) throw new BankGatewayUnavailableError('jdb /checkTransaction: answered for another bill');
      return paidStatus(reference, t);
    },

    async payment(bankReference) {
      const a = await call('/checkTransactionByRef', {
        requestId: requestId('CHKR'),
        bankCode: 'JDB',
        partnerId: c.partnerId,
        reference: bankReference,
      });
      if (notFound(a)) return null;
      if (!a.success || a.http >= 400) throw new BankGatewayUnavailableError(`jdb /checkTransactionByRef: ${a.status ?? a.http}`);
      const t = transactionOf(a.data, '/checkTransactionByRef');
      if (t.bankReference !== bankReference)
        throw new BankGatewayUnavailableError('jdb /checkTransactionByRef: answered for another payment');
      return t;
    },

    async disableBill(reference) {
      const a = await call('/disableBillNumber', { requestId: requestId('DIS'), partnerId: c.partnerId, billNumber: reference });
      if (a.success || notFound(a)) return;
      throw new BankGatewayUnavailableError(`jdb /disableBillNumber: ${a.status ?? a.http}`);
    },

    listTransactions() {
      // the Yes API lists nothing: reconciliation asks checkTransaction per bill of the period instead
      return Promise.reject(new BankGatewayRefusedError('LIST_NOT_SUPPORTED', 'JDB Yes has no transaction list'));
    },

    verifyNotice(headers, rawBody): BankNotice {
      const given = headers['signedhash'];
      const signature = Array.isArray(given) ? given[0] : given;
      if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) throw new AppError('SIGNATURE_INVALID', 'SignedHash is required');
      const expected = Buffer.from(jdbSignedHash(c.signSecret, rawBody), 'hex');
      if (!timingSafeEqual(expected, Buffer.from(signature, 'hex')))
        throw new AppError('SIGNATURE_INVALID', 'the SignedHash does not match');
      const json = noticeJson(rawBody, 'the notice');
      // the notice carries the transaction as checkTransaction answers it, alone or under `data`
      const body = json !== null && typeof json === 'object' && 'data' in json ? (json as { data: unknown }).data : json;
      const t = transactionSchema.safeParse(body);
      if (!t.success) throw new AppError('VALIDATION_FAILED', 'the notice is not a payment notice');
      return { reference: t.data.billNumber, bankReference: t.data.refNo, amountLak: wholeKip(t.data.txnAmount) };
    },
  };
};
