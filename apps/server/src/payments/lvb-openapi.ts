import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { answerJson, type HttpAnswer } from '../http-client.js';
import { BankGatewayRefusedError, BankGatewayUnavailableError, type BankNotice, type BankTransaction } from './bank-gateway.js';
import type { BankAdapterFactory } from './bank-gateways.js';
import { bankRequest, bearerSession, laoStamp, laoTime, laoYymmdd, laoYyyymmdd, noticeJson, paidStatus, wholeKip } from './bank-wire.js';

/**
 * LVB's Open API (docs/decisions/121): JSON POSTs to `/v1/api/provider` (login, the QR request of
 * type 809, the transaction list by state) and `/v1/api/provider/transaction/{bill_id}` (one bill),
 * each signed with an MD5 `Secure_Code` over the private key and the request's values, `|`-joined in
 * the order sent. Numbered response codes, "000" for success.
 */
export const lvbCredentialsSchema = z
  .object({
    baseUrl: z.url(),
    serviceId: z.string().min(1),
    merchantId: z.string().min(1),
    merchantName: z.string().min(1),
    username: z.string().min(1),
    password: z.string().min(1),
    privateKey: z.string().min(16),
  })
  .strict();
export type LvbCredentials = z.input<typeof lvbCredentialsSchema>;

/** MD5 hex of `privateKey|v1|v2|…` (a null value is written empty). */
export const lvbSecureCode = (privateKey: string, values: ReadonlyArray<string | null | undefined>) =>
  createHash('md5')
    .update([privateKey, ...values.map((v) => v ?? '')].join('|'))
    .digest('hex');

/** The signed fields of the QR answer and of the payment notice, in the order signed. */
const ANSWER_FIELDS = [
  'Service_Id',
  'Merchant_Id',
  'Trandate',
  'Trans_Id',
  'Response_Code',
  'Response_TxnCode',
  'List',
  'Redirect_Url',
] as const;
const answerSchema = z.object(Object.fromEntries(ANSWER_FIELDS.map((f) => [f, z.string().nullish()]))).extend({ Secure_Code: z.string() });
const loginSchema = z.object({ Response_Code: z.string(), token: z.string().min(1).optional(), expire_date: z.string().optional() });
const billSchema = z.object({
  bill_id: z.string(),
  bill_amount: z.string().nullish(),
  bill_curr: z.string().nullish(),
  payer_name: z.string().nullish(),
  paying_acc: z.string().nullish(),
  pay_amount: z.string().nullish(),
  state: z.enum(['PENDING', 'SUCCESS', 'EXPIRED', 'FAILED', 'PROCESSING']),
  seq: z.string().nullish(),
  pay_date: z.string().nullish(),
});
const listSchema = z.object({
  header: z.object({ status: z.string(), message: z.string().optional() }),
  data: z.array(billSchema).nullish(),
});

/** The numbered codes a refused QR request answers, named (LVB's response code table). */
const REFUSALS: Record<number, string> = {
  1: 'ALREADY_PAID',
  2: 'EXPIRED',
  11: 'DUPLICATE_ID',
  26: 'AMOUNT_MISMATCH',
  27: 'LIMIT_PER_TRANSACTION',
  28: 'LIMIT_PER_DAY',
  29: 'LIMIT_COUNT_PER_DAY',
  44: 'INVALID_AMOUNT',
  45: 'INVALID_AMOUNT',
  49: 'BELOW_MINIMUM',
};
const code = (text: string | null | undefined) => (text != null && /^\d{1,3}$/.test(text) ? Number(text) : null);

function transactionOf(b: z.infer<typeof billSchema>, learntAt: Date): BankTransaction | null {
  const amountLak = wholeKip(b.pay_amount ?? b.bill_amount ?? '');
  if (!b.seq || amountLak === null) return null;
  return {
    reference: b.bill_id,
    bankReference: b.seq,
    amountLak,
    currency: b.bill_curr ?? 'LAK',
    // the bank writes no payment time in every answer: when it does not, the time we learnt of it
    paidAt: (b.pay_date ? laoTime(b.pay_date) : null) ?? learntAt,
    payer: { account: b.paying_acc ?? null, name: b.payer_name ?? null },
  };
}

export const createLvbOpenApiGateway: BankAdapterFactory = (raw, ctx) => {
  const c = lvbCredentialsSchema.parse(raw);
  const base = `${c.baseUrl.replace(/\/+$/, '')}/v1/api/provider`;

  /** The body with its code last, over the values in the order written. */
  const signed = (fields: Record<string, string>, name: 'Secure_Code' | 'secure_code') => ({
    ...fields,
    [name]: lvbSecureCode(c.privateKey, Object.values(fields)),
  });

  function post(path: string, body: Record<string, string>, bearer: string | null): Promise<HttpAnswer> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (bearer) headers.Authorization = `Bearer ${bearer}`;
    return bankRequest(
      new URL(base + path),
      {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        timeoutMs: ctx.timeoutMs,
        // LVB has one endpoint: what is asked is in the body; the label tells the sign-in from the rest
        call: { kind: 'bank', adapter: 'lvb-openapi', operation: bearer ? 'request' : 'login' },
      },
      `lvb ${path || '/'}`,
    );
  }

  const withToken = bearerSession(async () => {
    const res = await post(
      '',
      signed({ username: c.username, password: c.password, create_date: laoStamp(new Date()) }, 'secure_code'),
      null,
    );
    const a = loginSchema.safeParse(answerJson(res));
    if (res.status !== 200 || !a.success || code(a.data.Response_Code) !== 0 || !a.data.token)
      throw new BankGatewayUnavailableError(`lvb login refused (${a.data?.Response_Code ?? res.status})`);
    const until = (a.data.expire_date ? laoTime(a.data.expire_date)?.getTime() : undefined) ?? Date.now() + 300_000;
    return { value: a.data.token, until: until - 30_000 };
  });

  async function call(path: string, body: Record<string, string>): Promise<unknown> {
    const res = await withToken((bearer) => post(path, body, bearer), `lvb ${path || '/'}`);
    const json = answerJson(res);
    if (res.status >= 400 || json === null) throw new BankGatewayUnavailableError(`lvb ${path || '/'}: HTTP ${res.status}`);
    return json;
  }

  async function bills(path: string, body: Record<string, string>) {
    const a = listSchema.safeParse(await call(path, body));
    if (!a.success) throw new BankGatewayUnavailableError(`lvb ${path || '/'}: unexpected answer`);
    const status = code(a.data.header.status);
    // no such bill at all ("can't get invoice", "the customer has no invoice")
    if (status === 18 || status === 25) return [];
    if (status !== 0) throw new BankGatewayUnavailableError(`lvb ${path || '/'}: code ${a.data.header.status}`);
    return a.data.data ?? [];
  }

  async function successes(from: Date, to: Date) {
    const list = await bills('', signed({ from_date: laoYyyymmdd(from), to_date: laoYyyymmdd(to), state: 'SUCCESS' }, 'secure_code'));
    const now = new Date();
    return list.map((b) => transactionOf(b, now)).filter((t): t is BankTransaction => t !== null);
  }

  function verifyAnswer(a: z.infer<typeof answerSchema>): boolean {
    const expected = Buffer.from(
      lvbSecureCode(
        c.privateKey,
        ANSWER_FIELDS.map((f) => a[f]),
      ),
      'utf8',
    );
    const given = Buffer.from((a.Secure_Code ?? '').toLowerCase(), 'utf8');
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  return {
    protocol: 'lvb-openapi',

    async createBill(bill) {
      const trandate = laoYymmdd(new Date());
      const body = signed(
        {
          Service_Id: c.serviceId,
          Merchant_Id: c.merchantId,
          Merchant_Name: c.merchantName,
          Trandate: trandate,
          Trans_Id: bill.reference,
          Trans_Desc: bill.description ?? bill.reference,
          Amount: bill.amountLak.toString(),
          Curr: 'LAK',
          Payer_Id: '',
          Payer_Name: '',
          Payer_Addr: '',
          Type: '809',
          Custmer_Id: '',
          Customer_Name: '',
          IssueDate: trandate,
          Callback_URL: bill.callbackUrl ?? new URL(`/api/v2/payments/lvb-openapi/${ctx.agencyId}`, ctx.publicUrl).toString(),
        },
        'Secure_Code',
      );
      const a = answerSchema.safeParse(await call('', body));
      if (!a.success) throw new BankGatewayUnavailableError('lvb QR request: unexpected answer');
      const status = code(a.data.Response_Code);
      if (status !== 0) {
        if (status !== null && REFUSALS[status]) throw new BankGatewayRefusedError(REFUSALS[status], `LVB code ${a.data.Response_Code}`);
        throw new BankGatewayUnavailableError(`lvb QR request: code ${a.data.Response_Code}`);
      }
      if (!verifyAnswer(a.data)) throw new BankGatewayUnavailableError('lvb QR request: the answer Secure_Code does not match');
      if (a.data.Trans_Id !== bill.reference || !a.data.Redirect_Url)
        throw new BankGatewayUnavailableError('lvb QR request: no QR for this bill');
      // Redirect_Url carries the EMV string itself
      return { qrPayload: a.data.Redirect_Url, payUrl: null };
    },

    async status(reference) {
      const found = (await bills(`/transaction/${encodeURIComponent(reference)}`, signed({ bill_id: reference }, 'secure_code'))).filter(
        (b) => b.bill_id === reference,
      );
      if (found.length === 0) return { status: 'NOT_FOUND', reference };
      const success = found.find((b) => b.state === 'SUCCESS');
      if (!success) return { status: found.some((b) => b.state === 'EXPIRED') ? 'EXPIRED' : 'UNPAID', reference };
      const t = transactionOf(success, new Date());
      if (!t) throw new BankGatewayUnavailableError('lvb bill: SUCCESS without seq or amount');
      return paidStatus(reference, t);
    },

    async payment(bankReference) {
      // no lookup by reference: the successful payments of the last two days are searched
      const now = new Date();
      const list = await successes(new Date(now.getTime() - 2 * 86_400_000), now);
      return list.find((t) => t.bankReference === bankReference) ?? null;
    },

    async disableBill() {
      // the Open API has no call to withdraw a bill: it ends at the bank by itself (state EXPIRED),
      // and a payment made before that is credited late (decision 121)
    },

    async listTransactions(from, to) {
      return (await successes(from, to)).filter((t) => t.paidAt >= from && t.paidAt < to);
    },

    verifyNotice(_headers, rawBody): BankNotice {
      const json = noticeJson(rawBody, 'the notice');
      const a = answerSchema.safeParse(json);
      if (!a.success) throw new AppError('SIGNATURE_INVALID', 'Secure_Code is required');
      if (!verifyAnswer(a.data)) throw new AppError('SIGNATURE_INVALID', 'the Secure_Code does not match');
      if (!a.data.Trans_Id) throw new AppError('VALIDATION_FAILED', 'the notice names no bill');
      // LVB's notice names the bill only: the bill is read to learn what was paid
      return { reference: a.data.Trans_Id, bankReference: null, amountLak: null };
    },
  };
};
