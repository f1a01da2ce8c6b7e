import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { bankCodeSchema, readLaoQr } from '@app/contracts';
import type { SandboxConfig } from '../config.js';
import { openSandboxDb, sandboxDbLocation } from '../db.js';
import { verifySignature } from '../provider/signature.js';
import type { PubNubHub } from '../pubnub/hub.js';
import { CallbackSender } from './callbacks.js';
import { BankApiError, installBankErrorHandler } from './errors.js';
import { bankFaultsPatchSchema, DEFAULT_BANK_FAULTS, type BankFaults } from './faults.js';
import { BankGateway, parsePayload } from './gateway.js';
import { jdbBank } from './jdb/routes.js';
import { lvbBank } from './lvb/routes.js';
import { OnePayBank, parseShops } from './onepay.js';
import { payPageRoutes } from './page.js';
import { BankStore } from './store.js';

const createOrderSchema = z
  .object({
    reference: z.string().regex(/^[A-Za-z0-9_-]{1,25}$/, 'letters, digits, - and _, at most 25'),
    payload: z.string().min(1).max(512),
    amountLak: z.string().regex(/^[1-9]\d{0,15}$/, 'whole kip as a decimal string'),
    callbackUrl: z.string().regex(/^https?:\/\/\S+$/, 'an http(s) URL'),
    expiresAt: z.iso.datetime({ offset: true }),
  })
  .strict();
const paymentSchema = z
  .object({
    payload: z.string().min(1).max(512),
    bank: bankCodeSchema.optional(),
    /** whole kip the payer types instead of the QR's: only a OnePay QR takes another amount (a wrong-amount payment) */
    amount: z
      .string()
      .regex(/^[1-9]\d{0,15}$/, 'whole kip as a decimal string')
      .optional(),
  })
  .strict();

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const res = schema.safeParse(value);
  if (res.success) return res.data;
  const issue = res.error.issues[0];
  throw new BankApiError(400, 'VALIDATION_FAILED', `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
}

/**
 * The sandbox LAO QR bank gateway (DESIGN.md §5): signed merchant API under /bank, the customer's
 * side (pay page, payment API), fault knobs. State lives in `${SANDBOX_DATA_DIR}/bank`, or in
 * SANDBOX_DATABASE_URL's database (decision 022).
 */
export async function bankSandbox(
  app: FastifyInstance,
  { config, pubnub }: { config: SandboxConfig; /** the sandbox's PubNub service; absent, every OnePay publish fails */ pubnub?: PubNubHub },
): Promise<void> {
  const db = await openSandboxDb(sandboxDbLocation(config, 'bank'), {
    onIdleError: (err) => app.log.warn({ err }, 'idle database connection failed; replaced'),
  });
  const store = new BankStore(db);
  await store.init();
  let faults: BankFaults = { ...DEFAULT_BANK_FAULTS };
  const sender = new CallbackSender(() => faults, app.log);
  const gateway = new BankGateway(store, sender, () => faults, config.BANK_CALLBACK_SECRET);
  const onePay = new OnePayBank(
    parseShops(config.ONEPAY_SHOPS),
    () => faults,
    // the bank holds the service's publish key: its message (a JSON string) is stored as a publish
    // under that key would store it, in-process (an HTTP call through app.inject cost ~0.1 ms each)
    async (channel, message) => {
      if (!pubnub) throw new Error('PubNub publish refused: no PubNub service in this sandbox');
      pubnub.publish(channel, 'bcel-onepay', message);
    },
    (err) => app.log.warn({ err }, 'OnePay publish failed'),
  );
  app.addHook('onClose', async () => {
    onePay.close();
    sender.close();
    await db.close();
  });

  installBankErrorHandler(app);
  // signatures cover the body exactly as sent
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    try {
      done(null, body === '' ? undefined : JSON.parse(body as string));
    } catch {
      done(new BankApiError(400, 'VALIDATION_FAILED', 'the body is not valid JSON'));
    }
  });

  app.post('/bank/orders', async (request, reply) => {
    verifySignature(request, config.BANK_GATEWAY_SECRET);
    const body = parse(createOrderSchema, request.body);
    const { view, created } = await gateway.createOrder({
      reference: body.reference,
      payload: body.payload,
      amountLak: BigInt(body.amountLak),
      callbackUrl: body.callbackUrl,
      expiresAt: new Date(body.expiresAt),
    });
    const payUrl = `${config.SANDBOX_PUBLIC_URL}/bank/pay#payload=${encodeURIComponent(body.payload.trim())}`;
    return reply.status(created ? 201 : 200).send({ ...view, payUrl });
  });

  app.get<{ Params: { reference: string } }>('/bank/orders/:reference', async (request) => {
    verifySignature(request, config.BANK_GATEWAY_SECRET);
    return gateway.status(request.params.reference);
  });

  app.post<{ Params: { reference: string } }>('/bank/orders/:reference/disable', async (request) => {
    verifySignature(request, config.BANK_GATEWAY_SECRET);
    return gateway.disable(request.params.reference);
  });

  app.get<{ Params: { bankReference: string } }>('/bank/payments/:bankReference', async (request) => {
    verifySignature(request, config.BANK_GATEWAY_SECRET);
    return gateway.payment(request.params.bankReference);
  });

  app.get<{ Querystring: { from?: string; to?: string } }>('/bank/payments', async (request) => {
    verifySignature(request, config.BANK_GATEWAY_SECRET);
    const range = parse(z.object({ from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }) }), request.query);
    return gateway.payments(new Date(range.from), new Date(range.to));
  });

  const jdb = await jdbBank(app, { config, db, sender, faults: () => faults });
  const lvb = await lvbBank(app, { config, db, sender, faults: () => faults });

  // the one way to pay any QR, whichever protocol its bank speaks: the bill is found from the QR itself
  app.post('/sandbox/bank/payments', async (request) => {
    const body = parse(paymentSchema, request.body);
    // a OnePay QR names no order at the bank: paying it publishes the payment on the merchant's channel
    const read = readLaoQr(body.payload);
    const amountLak = body.amount === undefined ? undefined : BigInt(body.amount);
    if (read.ok && read.qr.kind === 'onepay') return onePay.pay(read.qr, body.bank, amountLak);
    // a bill at the bank (JDB, LVB, the sandbox protocol) fixes its amount: the payer's app pays no other
    if (amountLak !== undefined && !(read.ok && read.qr.amountLak === amountLak))
      throw new BankApiError(400, 'AMOUNT_FIXED', "this QR's bill fixes its amount at the bank: no other amount can be paid");
    const fields = parsePayload(body.payload);
    // a bill of a bank that speaks its own protocol here (JDB, LVB), else an order of the sandbox protocol
    const banks = { jdb, lvb } as const;
    const bank = fields.bank === 'jdb' || fields.bank === 'lvb' ? fields.bank : null;
    const billPaid = bank ? await banks[bank].pay(fields, body.payload, body.bank ?? bank) : null;
    if (billPaid) {
      const paidAt = billPaid.paidAt.toISOString();
      return {
        reference: billPaid.billNumber,
        status: 'PAID',
        bankReference: billPaid.refNo,
        amount: billPaid.amountLak.toString(),
        currency: 'LAK',
        paidAt,
        expiresAt: paidAt,
      };
    }
    return gateway.pay(body.payload, body.bank);
  });
  app.get('/bank/_onepay', async () => ({ published: onePay.published }));

  // the banks' tokens end at once (JDB's and LVB's): their merchants' next calls are answered 401
  app.post('/bank/_tokens/expire', async () => {
    jdb.expireTokens();
    lvb.expireTokens();
    return { expired: true };
  });
  app.get('/bank/_faults', async () => faults);
  app.post('/bank/_faults', async (request) => {
    faults = { ...faults, ...parse(bankFaultsPatchSchema, request.body ?? {}) };
    return faults;
  });
  app.post('/bank/_faults/reset', async () => {
    faults = { ...DEFAULT_BANK_FAULTS };
    return faults;
  });
  app.get<{ Querystring: { reference?: string } }>('/bank/_callbacks', async (request) => {
    const { reference } = request.query;
    return { deliveries: sender.deliveries.filter((d) => reference === undefined || d.reference === reference) };
  });

  await payPageRoutes(app);
}
