import { LaoQrError, parseLaoQr, type BankCode, type LaoQrFields } from '@app/contracts';
import { sandboxNotice, type CallbackSender } from './callbacks.js';
import { BankApiError } from './errors.js';
import type { BankFaults } from './faults.js';
import type { BankOrder, BankPayment, BankStore, NewBankOrder } from './store.js';

/** The status API's answer: amounts as decimal strings, as on every wire of the project. */
export interface OrderView {
  reference: string;
  status: 'UNPAID' | 'PAID' | 'EXPIRED';
  bankReference: string | null;
  amount: string;
  currency: 'LAK';
  paidAt: string | null;
  expiresAt: string;
}

/** A booked payment as the lookup and the list answer it. */
export interface PaymentView {
  reference: string;
  bankReference: string;
  amount: string;
  currency: 'LAK';
  paidAt: string;
}

const paymentView = (p: BankPayment): PaymentView => ({
  reference: p.reference,
  bankReference: p.bankReference,
  amount: p.amountLak.toString(),
  currency: 'LAK',
  paidAt: p.paidAt.toISOString(),
});

export function viewOf(order: BankOrder): OrderView {
  return {
    reference: order.reference,
    status: order.status,
    bankReference: order.bankReference,
    amount: order.amountLak.toString(),
    currency: 'LAK',
    paidAt: order.paidAt?.toISOString() ?? null,
    expiresAt: order.expiresAt.toISOString(),
  };
}

export function parsePayload(payload: string): LaoQrFields {
  try {
    return parseLaoQr(payload);
  } catch (err) {
    if (err instanceof LaoQrError) throw new BankApiError(400, 'QR_INVALID', `not a valid LAO QR: ${err.message}`);
    throw err;
  }
}

/** What the bank does with orders and payments; routes only translate HTTP to these calls. */
export class BankGateway {
  constructor(
    private readonly store: BankStore,
    private readonly sender: CallbackSender,
    private readonly faults: () => BankFaults,
    private readonly callbackSecret: string,
  ) {}

  /** A dynamic QR order. Creating the same order again is a no-op; another order under its reference is refused. */
  async createOrder(input: NewBankOrder, now = new Date()): Promise<{ view: OrderView; created: boolean }> {
    const fields = parsePayload(input.payload);
    if (fields.initiation !== '12' || fields.amountLak !== input.amountLak) {
      throw new BankApiError(400, 'AMOUNT_MISMATCH', 'the QR must be dynamic and carry the order amount');
    }
    if (fields.reference !== input.reference && fields.billNumber !== input.reference) {
      throw new BankApiError(400, 'REFERENCE_MISMATCH', 'the QR must carry the order reference (tag 62, 01 or 05)');
    }
    if (input.expiresAt.getTime() <= now.getTime()) {
      throw new BankApiError(400, 'EXPIRY_IN_PAST', 'expiresAt must be in the future');
    }
    const payload = input.payload.trim();
    const { order, created } = await this.store.create({ ...input, payload }, now);
    if (!created && (order.payload !== payload || order.callbackUrl !== input.callbackUrl)) {
      throw new BankApiError(409, 'ORDER_EXISTS', `another order already has reference ${input.reference}`);
    }
    return { view: this.visible(order, now), created };
  }

  async status(reference: string, now = new Date()): Promise<OrderView> {
    if (this.faults().statusDown) throw new BankApiError(503, 'UNAVAILABLE', 'status service unavailable');
    const order = await this.store.find(reference, now);
    if (!order) throw new BankApiError(404, 'ORDER_NOT_FOUND', `no order ${reference}`);
    return this.visible(order, now);
  }

  /** The payment with this bank reference (what the merchant asks of a notice that credits no order). */
  async payment(bankReference: string): Promise<PaymentView> {
    if (this.faults().statusDown) throw new BankApiError(503, 'UNAVAILABLE', 'status service unavailable');
    const payment = await this.store.findPayment(bankReference);
    if (!payment) throw new BankApiError(404, 'PAYMENT_NOT_FOUND', `no payment ${bankReference}`);
    return paymentView(payment);
  }

  async payments(from: Date, to: Date): Promise<{ payments: PaymentView[] }> {
    if (this.faults().statusDown) throw new BankApiError(503, 'UNAVAILABLE', 'status service unavailable');
    return { payments: (await this.store.listPayments(from, to)).map(paymentView) };
  }

  /** The merchant disables an unpaid bill: it can no longer be paid (a paid one stays paid). */
  async disable(reference: string, now = new Date()): Promise<OrderView> {
    const order = await this.store.disable(reference, now);
    if (!order) throw new BankApiError(404, 'ORDER_NOT_FOUND', `no order ${reference}`);
    return viewOf(order);
  }

  /** A customer pays the QR from `payerBank`: the order becomes PAID once and the callback goes out. */
  async pay(payload: string, payerBank: BankCode | undefined, now = new Date()): Promise<OrderView> {
    const fields = parsePayload(payload);
    const reference = fields.reference ?? fields.billNumber;
    const order = reference ? await this.store.find(reference, now) : null;
    if (!order) throw new BankApiError(404, 'ORDER_NOT_FOUND', 'no open order for this QR');
    if (order.payload !== payload.trim()) {
      throw new BankApiError(422, 'QR_MISMATCH', 'this QR does not match the order it names (amount or merchant changed)');
    }
    const paid = order.status === 'UNPAID' ? await this.store.markPaid(order.reference, payerBank ?? fields.bank ?? 'bcel', now) : null;
    if (!paid) {
      const current = (await this.store.find(order.reference, now)) ?? order;
      if (current.status === 'PAID' && this.faults().repeatPayments) {
        const again = await this.store.repeatPayment(current, payerBank ?? fields.bank ?? 'bcel', now);
        this.sender.dispatch(sandboxNotice(again, this.callbackSecret));
        return viewOf(again);
      }
      if (current.status === 'PAID') throw new BankApiError(409, 'ALREADY_PAID', `order ${order.reference} is already paid`);
      throw new BankApiError(409, 'ORDER_EXPIRED', `order ${order.reference} has expired`);
    }
    this.sender.dispatch(sandboxNotice(paid, this.callbackSecret));
    return viewOf(paid);
  }

  /** With the statusLagMs knob, a fresh payment is not yet visible to the status API. */
  private visible(order: BankOrder, now: Date): OrderView {
    const lag = this.faults().statusLagMs;
    if (order.status === 'PAID' && order.paidAt && now.getTime() - order.paidAt.getTime() < lag) {
      return { ...viewOf(order), status: 'UNPAID', bankReference: null, paidAt: null };
    }
    return viewOf(order);
  }
}
