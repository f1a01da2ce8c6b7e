import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { buildLaoQr, type LaoQrFields } from '@app/contracts';
import type { SandboxConfig } from '../../config.js';
import type { SandboxDb } from '../../db.js';
import type { CallbackSender, OutgoingNotice } from '../callbacks.js';
import { BankApiError } from '../errors.js';
import type { BankFaults } from '../faults.js';
import { JdbStore, type JdbPayment } from './store.js';

const LAO_OFFSET_MS = 7 * 3_600_000;
/** `YYYY-MM-DD HH:mm:ss` in Lao time, as JDB writes txnDateTime. */
const laoDateTime = (at: Date) => new Date(at.getTime() + LAO_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
const sign = (secret: string, raw: string) => createHmac('sha256', secret).update(raw).digest('hex');

/** The transaction as checkTransaction, checkTransactionByRef and the notice carry it. */
const transaction = (p: JdbPayment) => ({
  message: 'SUCCESS',
  refNo: p.refNo,
  exReferenceNo: p.refNo,
  merchantName: 'SANDBOX MERCHANT',
  memo: `Yes Pay: From|${p.sourceName}|`,
  txnDateTime: laoDateTime(p.paidAt),
  txnAmount: Number(p.amountLak),
  billNumber: p.billNumber,
  sourceAccount: p.sourceAccount,
  sourceName: p.sourceName,
  sourceCurrency: 'LAK',
});

/**
 * JDB's dynamic QR "Yes" API as the sandbox speaks it (docs/decisions/121), under /jdb: SignedHash
 * checked on every body, tokens that end after JDB_TOKEN_TTL_S (401 after), NOT_FOUND for a bill
 * nobody paid, notices to JDB_WEBHOOK_URL through the bank's sender (its fault knobs apply). Paying
 * goes through POST /sandbox/bank/payments, which hands a JDB QR to `pay`.
 */
export async function jdbBank(
  app: FastifyInstance,
  deps: { config: SandboxConfig; db: SandboxDb; sender: CallbackSender; faults: () => BankFaults },
) {
  const { config, sender, faults } = deps;
  const store = new JdbStore(deps.db);
  await store.init();
  const tokens = new Map<string, number>();

  const answer = (reply: FastifyReply, status: number, body: Record<string, unknown>) =>
    reply.status(status).send({ timestamp: laoDateTime(new Date()), transactionId: randomBytes(6).toString('hex'), ...body });
  const ok = (reply: FastifyReply, data: unknown) => answer(reply, 200, { success: true, status: 'OK', message: 'SUCCESS', data });
  const notFound = (reply: FastifyReply) =>
    answer(reply, 200, { success: false, status: 'NOT_FOUND', message: 'Transaction not found', data: null });

  function signed(request: FastifyRequest): Record<string, unknown> {
    const given = request.headers['signedhash'];
    const expected = Buffer.from(sign(config.JDB_SIGN_SECRET, request.rawBody ?? ''), 'hex');
    const got = Buffer.from(typeof given === 'string' && /^[0-9a-f]{64}$/i.test(given) ? given : '', 'hex');
    if (got.length !== expected.length || !timingSafeEqual(got, expected))
      throw new BankApiError(400, 'INVALID_SIGNATURE', 'SignedHash does not match');
    return (request.body ?? {}) as Record<string, unknown>;
  }

  function authorised(request: FastifyRequest): Record<string, unknown> {
    const body = signed(request);
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const until = bearer ? tokens.get(bearer) : undefined;
    if (until === undefined || until <= Date.now()) throw new BankApiError(401, 'UNAUTHORIZED', 'token missing or expired');
    if (body.partnerId !== undefined && body.partnerId !== config.JDB_PARTNER_ID)
      throw new BankApiError(403, 'FORBIDDEN', 'unknown partner');
    return body;
  }

  const text = (body: Record<string, unknown>, field: string) => {
    const v = body[field];
    if (typeof v !== 'string' || v === '' || v.length > 25) throw new BankApiError(400, 'INVALID_REQUEST', `${field} is required`);
    return v;
  };

  app.post('/jdb/autenticate', async (request, reply) => {
    const body = signed(request);
    if (body.partnerId !== config.JDB_PARTNER_ID || body.clientId !== config.JDB_CLIENT_ID || body.clientScret !== config.JDB_CLIENT_SECRET)
      return answer(reply, 200, { success: false, status: 'FAILED', message: 'invalid client', data: null });
    const token = randomBytes(24).toString('base64url');
    tokens.set(token, Date.now() + config.JDB_TOKEN_TTL_S * 1000);
    return ok(reply, { accessToken: token, expiresIn: config.JDB_TOKEN_TTL_S, tokenType: 'Bearer' });
  });

  app.post('/jdb/generateQr', async (request, reply) => {
    const body = authorised(request);
    const billNumber = text(body, 'billNumber');
    const merchantId = text(body, 'mechantId');
    const amount = body.txnAmount;
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0)
      throw new BankApiError(400, 'INVALID_REQUEST', 'txnAmount');
    const emv = buildLaoQr({
      bank: 'jdb',
      merchantId,
      mcc: '5816',
      merchantName: 'SANDBOX MERCHANT',
      city: 'Vientiane',
      amountLak: BigInt(amount),
      billNumber,
      reference: billNumber,
    });
    const { bill, created } = await store.create({ billNumber, merchantId, amountLak: BigInt(amount), emv });
    if (!created && (bill.amountLak !== BigInt(amount) || bill.merchantId !== merchantId))
      return answer(reply, 200, { success: false, status: 'DUPLICATE_BILL', message: 'billNumber already exists', data: null });
    return ok(reply, { mcid: randomBytes(12).toString('hex').toUpperCase(), emv: bill.emv });
  });

  /** With the statusLagMs knob, a fresh payment is not yet visible to the status calls. */
  const visible = (p: JdbPayment | null) => (p && Date.now() - p.paidAt.getTime() >= faults().statusLagMs ? p : null);
  const statusUp = () => {
    if (faults().statusDown) throw new BankApiError(503, 'UNAVAILABLE', 'status service unavailable');
  };

  app.post('/jdb/checkTransaction', async (request, reply) => {
    const body = authorised(request);
    statusUp();
    const p = visible(await store.paymentOfBill(text(body, 'billNumber')));
    return p ? ok(reply, transaction(p)) : notFound(reply);
  });

  app.post('/jdb/checkTransactionByRef', async (request, reply) => {
    const body = authorised(request);
    statusUp();
    const p = visible(await store.paymentByRef(text(body, 'reference')));
    return p ? ok(reply, transaction(p)) : notFound(reply);
  });

  app.post('/jdb/disableBillNumber', async (request, reply) => {
    const body = authorised(request);
    return (await store.disable(text(body, 'billNumber'))) ? ok(reply, null) : notFound(reply);
  });

  return {
    /** Every token ends now: the partner's next call is answered 401 (a token ended mid-run). */
    expireTokens: () => tokens.clear(),
    /** A customer pays a JDB QR: the bill its tag 62 names, once, and the notice goes out. Null when the QR is no JDB bill. */
    async pay(fields: LaoQrFields, payload: string, payerBank: string): Promise<JdbPayment | null> {
      const bill = fields.billNumber ? await store.find(fields.billNumber) : null;
      if (!bill || bill.merchantId !== fields.merchantId) return null;
      if (bill.emv !== payload.trim()) throw new BankApiError(422, 'QR_MISMATCH', 'this QR does not match the bill it names');
      const paid = await store.pay(bill, payerBank);
      if (!paid) {
        if (await store.paymentOfBill(bill.billNumber))
          throw new BankApiError(409, 'ALREADY_PAID', `bill ${bill.billNumber} is already paid`);
        throw new BankApiError(409, 'ORDER_EXPIRED', `bill ${bill.billNumber} is disabled`);
      }
      if (config.JDB_WEBHOOK_URL) sender.dispatch(jdbNotice(paid, config.JDB_WEBHOOK_URL, config.JDB_SIGN_SECRET));
      return paid;
    },
  };
}

/** JDB's payment notice: the transaction, signed as every JDB body is. */
function jdbNotice(p: JdbPayment, url: string, secret: string): OutgoingNotice {
  const body = JSON.stringify(transaction(p));
  return {
    reference: p.billNumber,
    bankReference: p.refNo,
    url,
    body,
    headers: () => ({ 'content-type': 'application/json', SignedHash: sign(secret, body) }),
  };
}
