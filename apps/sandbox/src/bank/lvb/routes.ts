import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { buildLaoQr, type LaoQrFields } from '@app/contracts';
import type { SandboxConfig } from '../../config.js';
import type { SandboxDb } from '../../db.js';
import type { CallbackSender } from '../callbacks.js';
import { BankApiError } from '../errors.js';
import type { BankFaults } from '../faults.js';
import { LvbStore, type LvbBill } from './store.js';

/**
 * LVB's response codes as the sandbox answers them: "000" success and the numbered refusals the
 * public client names; 005 and 006 stand for the codes it does not show (docs/decisions/137).
 */
export const LVB_CODES = {
  OK: '000',
  ALREADY_PAID: '001',
  EXPIRED: '002',
  SECURE_CODE_INVALID: '005',
  NOT_AUTHORISED: '006',
  DUPLICATE_ID: '011',
  NO_INVOICE: '018',
  LIMIT_PER_TRANSACTION: '027',
  INVALID_AMOUNT: '044',
} as const;

const STATES = ['PENDING', 'SUCCESS', 'EXPIRED', 'FAILED', 'PROCESSING'] as const;
type LvbState = (typeof STATES)[number];

const LAO_OFFSET_MS = 7 * 3_600_000;
const lao = (at: Date) => new Date(at.getTime() + LAO_OFFSET_MS).toISOString();
/** `YYYYMMDDHHmmss` in Lao time (create_date, expire_date, pay_date) */
const laoStamp = (at: Date) => lao(at).slice(0, 19).replace(/\D/g, '');
/** `YYMMDD` in Lao time (Trandate) */
const laoYymmdd = (at: Date) => laoStamp(at).slice(2, 8);
/** the first instant of a Lao day written `YYYYMMDD`, or null */
function laoDay(text: unknown): Date | null {
  const m = typeof text === 'string' ? /^(\d{4})(\d{2})(\d{2})$/.exec(text) : null;
  if (!m) return null;
  const at = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) - LAO_OFFSET_MS;
  return Number.isNaN(at) ? null : new Date(at);
}

/** MD5 hex of `privateKey|v1|v2|…`, a missing value written empty: the Secure_Code of every body. */
export const lvbSecureCode = (privateKey: string, values: readonly unknown[]) =>
  createHash('md5')
    .update([privateKey, ...values.map((v) => (v == null ? '' : String(v)))].join('|'))
    .digest('hex');

/** The fields of the QR answer and of the payment notice, in the order signed. */
const ANSWER_FIELDS = ['Service_Id', 'Merchant_Id', 'Trandate', 'Trans_Id', 'Response_Code', 'Response_TxnCode', 'List', 'Redirect_Url'];

/**
 * LVB's Open API as the sandbox speaks it (docs/decisions/137), under /lvb: one endpoint
 * `/v1/api/provider` for the login, the QR request (type 809) and the list by state, and
 * `/v1/api/provider/transaction/{bill_id}` for one bill; each body signed with its MD5 Secure_Code
 * over the private key and its values in the order sent; tokens that end after LVB_TOKEN_TTL_S (401
 * after); bills that expire at the bank after LVB_BILL_TTL_S; the payment notice to the bill's
 * Callback_URL through the bank's sender (its fault knobs apply). Paying goes through
 * POST /sandbox/bank/payments, which hands an LVB QR to `pay`.
 */
export async function lvbBank(
  app: FastifyInstance,
  deps: { config: SandboxConfig; db: SandboxDb; sender: CallbackSender; faults: () => BankFaults },
) {
  const { config, sender, faults } = deps;
  const store = new LvbStore(deps.db);
  await store.init();
  const tokens = new Map<string, number>();
  const key = config.LVB_PRIVATE_KEY;

  /** The body, when its Secure_Code (last, either spelling) matches its other values in the order sent. */
  function signed(request: FastifyRequest): Record<string, unknown> | null {
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new BankApiError(400, 'INVALID_REQUEST', 'a JSON object');
    const entries = Object.entries(body).filter(([k]) => k !== 'Secure_Code' && k !== 'secure_code');
    const given = (body as Record<string, unknown>).Secure_Code ?? (body as Record<string, unknown>).secure_code;
    const expected = Buffer.from(
      lvbSecureCode(
        key,
        entries.map(([, v]) => v),
      ),
    );
    const got = Buffer.from(typeof given === 'string' ? given.toLowerCase() : '');
    return got.length === expected.length && timingSafeEqual(got, expected) ? Object.fromEntries(entries) : null;
  }

  function authorised(request: FastifyRequest) {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const until = bearer ? tokens.get(bearer) : undefined;
    if (until === undefined || until <= Date.now()) throw new BankApiError(401, 'UNAUTHORIZED', 'token missing or expired');
  }

  const header = (reply: FastifyReply, status: string, message: string, data: unknown[] | null) =>
    reply.send({ header: { status, message }, data });

  /** The state a bill is in now; a fresh payment is PROCESSING for `statusLagMs`. */
  function stateOf(b: LvbBill, now: number): LvbState {
    if (b.paidAt) return now - b.paidAt.getTime() < faults().statusLagMs ? 'PROCESSING' : 'SUCCESS';
    return b.expiresAt.getTime() <= now ? 'EXPIRED' : 'PENDING';
  }

  function view(b: LvbBill, state: LvbState) {
    const paid = state === 'SUCCESS';
    return {
      bill_id: b.billId,
      bill_amount: b.amountLak.toString(),
      bill_curr: 'LAK',
      bill_info: b.description,
      payer_id: '',
      payer_name: paid ? b.payerName : null,
      paying_acc: paid ? b.payingAccount : null,
      pay_amount: paid ? b.amountLak.toString() : null,
      charge_amount: null,
      vendor_acc: b.merchantId,
      state,
      lvb_error_code: null,
      lvb_error_desc: null,
      seq: paid ? b.seq : null,
      pay_date: paid && b.paidAt ? laoStamp(b.paidAt) : null,
      vendor_error_code: null,
      vendor_error_desc: null,
    };
  }

  /** The QR answer (and the notice): the bill's fields with the answer's code, signed. */
  function answer(fields: Record<string, string | null>) {
    return {
      ...fields,
      Secure_Code: lvbSecureCode(
        key,
        ANSWER_FIELDS.map((f) => fields[f]),
      ),
    };
  }
  const refusal = (body: Record<string, unknown>, code: string) =>
    answer({
      Service_Id: String(body.Service_Id ?? ''),
      Merchant_Id: String(body.Merchant_Id ?? ''),
      Trandate: String(body.Trandate ?? ''),
      Trans_Id: String(body.Trans_Id ?? ''),
      Response_Code: code,
      Response_TxnCode: null,
      List: null,
      Redirect_Url: null,
    });

  function login(body: Record<string, unknown> | null, reply: FastifyReply) {
    if (!body) return reply.send({ Response_Code: LVB_CODES.SECURE_CODE_INVALID, message: 'Invalid secure code' });
    if (body.username !== config.LVB_USERNAME || body.password !== config.LVB_PASSWORD)
      return reply.send({ Response_Code: LVB_CODES.NOT_AUTHORISED, message: 'Invalid username or password' });
    const token = randomBytes(24).toString('base64url');
    const until = Date.now() + config.LVB_TOKEN_TTL_S * 1000;
    tokens.set(token, until);
    return reply.send({ Response_Code: LVB_CODES.OK, token, expire_date: laoStamp(new Date(until)) });
  }

  async function qrRequest(body: Record<string, unknown>, reply: FastifyReply) {
    if (body.Service_Id !== config.LVB_SERVICE_ID || body.Type !== '809') return reply.send(refusal(body, LVB_CODES.NOT_AUTHORISED));
    const billId = body.Trans_Id;
    const merchantId = body.Merchant_Id;
    const amount = typeof body.Amount === 'string' && /^[1-9]\d{0,15}$/.test(body.Amount) ? BigInt(body.Amount) : null;
    if (typeof billId !== 'string' || !/^[A-Za-z0-9_-]{1,25}$/.test(billId) || typeof merchantId !== 'string' || !merchantId)
      throw new BankApiError(400, 'INVALID_REQUEST', 'Trans_Id and Merchant_Id are required');
    if (amount === null || body.Curr !== 'LAK') return reply.send(refusal(body, LVB_CODES.INVALID_AMOUNT));
    if (amount > BigInt(config.LVB_MAX_AMOUNT)) return reply.send(refusal(body, LVB_CODES.LIMIT_PER_TRANSACTION));
    const now = new Date();
    const emv = buildLaoQr({
      bank: 'lvb',
      merchantId,
      mcc: '5816',
      merchantName: String(body.Merchant_Name ?? 'SANDBOX MERCHANT').slice(0, 25),
      city: 'Vientiane',
      amountLak: amount,
      billNumber: billId,
      reference: billId,
    });
    const { bill, created } = await store.create({
      billId,
      merchantId,
      amountLak: amount,
      description: String(body.Trans_Desc ?? ''),
      emv,
      callbackUrl: String(body.Callback_URL ?? ''),
      expiresAt: new Date(now.getTime() + config.LVB_BILL_TTL_S * 1000),
    });
    if (!created) {
      // the same request again answers the same QR; anything else under a taken id is refused
      if (bill.amountLak !== amount || bill.merchantId !== merchantId) return reply.send(refusal(body, LVB_CODES.DUPLICATE_ID));
      const state = stateOf(bill, now.getTime());
      if (state === 'SUCCESS' || state === 'PROCESSING') return reply.send(refusal(body, LVB_CODES.ALREADY_PAID));
      if (state === 'EXPIRED') return reply.send(refusal(body, LVB_CODES.EXPIRED));
    }
    return reply.send(
      answer({
        Service_Id: config.LVB_SERVICE_ID,
        Merchant_Id: merchantId,
        Trandate: laoYymmdd(bill.createdAt),
        Trans_Id: billId,
        Response_Code: LVB_CODES.OK,
        Response_TxnCode: null,
        List: null,
        Redirect_Url: bill.emv,
      }),
    );
  }

  async function list(body: Record<string, unknown>, reply: FastifyReply) {
    const from = laoDay(body.from_date);
    const to = laoDay(body.to_date);
    const state = STATES.find((s) => s === body.state);
    if (!from || !to || !state) throw new BankApiError(400, 'INVALID_REQUEST', 'from_date, to_date (YYYYMMDD) and state are required');
    const now = Date.now();
    const bills = (await store.between(from, new Date(to.getTime() + 86_400_000)))
      .map((b) => ({ b, s: stateOf(b, now) }))
      .filter(({ s }) => s === state);
    return header(
      reply,
      LVB_CODES.OK,
      'Success',
      bills.map(({ b, s }) => view(b, s)),
    );
  }

  const statusUp = () => {
    if (faults().statusDown) throw new BankApiError(503, 'UNAVAILABLE', 'status service unavailable');
  };

  app.post('/lvb/v1/api/provider', async (request, reply) => {
    const raw = (request.body ?? {}) as Record<string, unknown>;
    const body = signed(request);
    if ('username' in raw) return login(body, reply);
    authorised(request);
    if ('Type' in raw) return body ? qrRequest(body, reply) : reply.send(refusal(raw, LVB_CODES.SECURE_CODE_INVALID));
    statusUp();
    if (!body) return header(reply, LVB_CODES.SECURE_CODE_INVALID, 'Invalid secure code', null);
    return list(body, reply);
  });

  app.post<{ Params: { billId: string } }>('/lvb/v1/api/provider/transaction/:billId', async (request, reply) => {
    const body = signed(request);
    authorised(request);
    statusUp();
    if (!body) return header(reply, LVB_CODES.SECURE_CODE_INVALID, 'Invalid secure code', null);
    if (body.bill_id !== request.params.billId) throw new BankApiError(400, 'INVALID_REQUEST', 'bill_id must be the one in the path');
    const bill = await store.find(request.params.billId);
    if (!bill) return header(reply, LVB_CODES.NO_INVOICE, "Can't get invoice information", null);
    return header(reply, LVB_CODES.OK, 'Success', [view(bill, stateOf(bill, Date.now()))]);
  });

  return {
    /** Every token ends now: the merchant's next call is answered 401 (a token ended mid-run). */
    expireTokens: () => tokens.clear(),
    /** A customer pays an LVB QR: the bill its tag 62 names, once, and the notice goes out. Null when the QR is no LVB bill. */
    async pay(
      fields: LaoQrFields,
      payload: string,
      payerBank: string,
    ): Promise<{ billNumber: string; refNo: string; amountLak: bigint; paidAt: Date } | null> {
      const bill = fields.billNumber ? await store.find(fields.billNumber) : null;
      if (!bill || bill.merchantId !== fields.merchantId) return null;
      if (bill.emv !== payload.trim()) throw new BankApiError(422, 'QR_MISMATCH', 'this QR does not match the bill it names');
      const paid = await store.pay(bill.billId, payerBank);
      if (!paid?.seq || !paid.paidAt) {
        if ((await store.find(bill.billId))?.seq) throw new BankApiError(409, 'ALREADY_PAID', `bill ${bill.billId} is already paid`);
        throw new BankApiError(409, 'ORDER_EXPIRED', `bill ${bill.billId} has expired`);
      }
      if (paid.callbackUrl) {
        const body = JSON.stringify(
          answer({
            Service_Id: config.LVB_SERVICE_ID,
            Merchant_Id: paid.merchantId,
            Trandate: laoYymmdd(paid.createdAt),
            Trans_Id: paid.billId,
            Response_Code: LVB_CODES.OK,
            Response_TxnCode: paid.seq,
            List: null,
            Redirect_Url: null,
          }),
        );
        sender.dispatch({
          reference: paid.billId,
          bankReference: paid.seq,
          url: paid.callbackUrl,
          body,
          headers: () => ({ 'content-type': 'application/json' }),
        });
      }
      return { billNumber: paid.billId, refNo: paid.seq, amountLak: paid.amountLak, paidAt: paid.paidAt };
    },
  };
}
