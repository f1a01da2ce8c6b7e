import { z } from 'zod';
import { buildOnePayQr, LaoQrError, readLaoQr } from '@app/contracts';
import { BankGatewayRefusedError, type BankBill, type BankBillCreated, type BankGateway } from '../bank-gateway.js';
import type { AdapterContext } from '../bank-gateways.js';
import type { OnePayMerchant } from './listener.js';
import { onePayPayment, onePayPayments, onePayStatus } from './store.js';

/**
 * The agency's OnePay credentials (docs/decisions/130): what BCEL issues the merchant. `origin` is a
 * PubNub-compatible service's `host:port`, or `sandbox` for the sandbox at SANDBOX_URL; without it, PubNub's own.
 */
export const onePayCredentialsSchema = z
  .object({
    mcid: z.string().regex(/^[A-Za-z0-9]{1,40}$/),
    shopcode: z.string().regex(/^[A-Za-z0-9@._-]{1,40}$/),
    subscribeKey: z.string().min(8).max(100),
    origin: z
      .string()
      .regex(/^(sandbox|[A-Za-z0-9.-]+(:\d{1,5})?)$/)
      .optional(),
    terminal: z
      .string()
      .regex(/^[A-Za-z0-9]{1,8}$/)
      .optional(),
  })
  .strict();
export type OnePayCredentials = z.infer<typeof onePayCredentialsSchema>;

/** What the OnePay adapter adds to the port: the merchant whose channel the listener subscribes. */
export interface OnePayGateway extends BankGateway {
  readonly protocol: 'bcel-onepay';
  readonly merchant: OnePayMerchant;
}

export const isOnePayGateway = (gateway: BankGateway): gateway is OnePayGateway => gateway.protocol === 'bcel-onepay';

/**
 * BCEL OnePay on the bank-gateway port (decisions 120, 130). The QR is ours: built from the bill
 * (amount, invoice = the order's transaction code, transaction uuid = its gateway reference). The
 * bank's only word is the payment message on the merchant's channel, which the listener records:
 * `status`, `payment` and `listTransactions` read those records. Nothing to disable at the bank.
 */
export function createOnePayGateway(credentials: unknown, ctx: AdapterContext): OnePayGateway {
  const c = onePayCredentialsSchema.parse(credentials);
  const { db, agencyId } = ctx;
  if (!db) throw new Error('the OnePay adapter reads the recorded messages: it needs the database');
  const sandbox = c.origin === 'sandbox';
  if (sandbox && !ctx.sandboxUrl) throw new Error("credentials name the sandbox's PubNub service, but no SANDBOX_URL is known");
  const billLocally = (bill: BankBill): BankBillCreated => {
    // the agency's LAO QR for the bill tells the MCC and the invoice (our transaction code)
    const ours = readLaoQr(bill.payload);
    const invoice = (ours.ok ? ours.qr.billNumber : null) ?? bill.description ?? bill.reference;
    try {
      const qrPayload = buildOnePayQr({
        mcid: c.mcid,
        mcc: ours.ok ? (ours.qr.mcc ?? undefined) : undefined,
        amountLak: bill.amountLak,
        invoice,
        uuid: bill.reference,
        terminal: c.terminal,
        description: `DEPOSIT ${invoice}`,
        city: ours.ok ? (ours.qr.city ?? undefined) : undefined,
      });
      return { qrPayload, payUrl: null };
    } catch (err) {
      if (err instanceof LaoQrError) throw new BankGatewayRefusedError('QR_INVALID', err.message);
      throw err;
    }
  };
  return {
    protocol: 'bcel-onepay',
    merchant: {
      agencyId,
      mcid: c.mcid,
      shopcode: c.shopcode,
      subscribeKey: c.subscribeKey,
      origin: sandbox ? new URL(ctx.sandboxUrl!).host : (c.origin ?? null),
      ssl: !sandbox,
    },

    billLocally,
    // nothing to register at the bank: the QR is the bill
    createBill: async (bill) => billLocally(bill),
    status: (reference) => onePayStatus(db, agencyId, reference),
    payment: (bankReference) => onePayPayment(db, agencyId, bankReference),
    // a OnePay QR stays payable at BCEL: a payment after the order's end is a late one, kept for staff
    disableBill: async () => {},
    listTransactions: (from, to) => onePayPayments(db, agencyId, from, to),
  };
}
