import { randomInt } from 'node:crypto';
import { onePayChannel, type BankCode, type LaoQrReading, type OnePayMessage } from '@app/contracts';
import { BankApiError } from './errors.js';
import type { BankFaults } from './faults.js';
import type { PaymentView } from './gateway.js';
import { NoticeSchedule } from './notices.js';

/** What the payer's app shows after paying a OnePay QR (the sandbox pay page and API answer it). */
export interface OnePayPaymentView extends PaymentView {
  status: 'PAID';
  channel: string;
}

export interface Publication {
  channel: string;
  message: OnePayMessage;
}

/** Reads `mcid:shopcode,…` (the sandbox's list of OnePay merchants). */
export function parseShops(list: string): Map<string, string> {
  const shops = new Map<string, string>();
  for (const entry of list.split(',')) {
    const [mcid, shopcode] = entry.trim().split(':');
    if (mcid && shopcode) shops.set(mcid, shopcode);
  }
  return shops;
}

/** `FT` + the day + 10 random digits: the core-banking reference (fccref) of one payment. */
function newFccref(now: Date): string {
  return `FT${now.toISOString().slice(2, 10).replaceAll('-', '')}${String(randomInt(0, 1e10)).padStart(10, '0')}`;
}

/**
 * The sandbox's BCEL for OnePay QRs (docs/decisions/130): the merchant built the QR itself, so there
 * is no order to find; paying it publishes the payment message on the merchant shop's channel
 * `mcid-{mcid}-{shopcode}` (and on the transaction's `uuid-{mcid}-{uuid}`), through the PubNub
 * service with the bank's publish key, under the bank's fault knobs. A OnePay QR may be paid more
 * than once, as the real one can: each payment is a new message with its own fccref.
 */
export class OnePayBank {
  private readonly notices: NoticeSchedule<Publication[]>;
  readonly published: Array<{ channel: string; fccref: string; copy: number; at: string }> = [];

  constructor(
    private readonly shops: ReadonlyMap<string, string>,
    faults: () => BankFaults,
    /** publishes through the PubNub service (the bank's key); throws when it refuses */
    private readonly publish: (channel: string, message: string) => Promise<void>,
    private readonly onError: (err: unknown) => void,
  ) {
    this.notices = new NoticeSchedule(faults, async (publications, copy) => {
      for (const { channel, message } of publications) {
        try {
          // BCEL publishes the message as a JSON string, which the merchant's script parses
          await this.publish(channel, JSON.stringify(message));
          this.published.push({ channel, fccref: message.fccref, copy, at: new Date().toISOString() });
        } catch (err) {
          this.onError(err);
        }
      }
    });
  }

  /** `amountLak`: what the payer typed instead of the QR's amount (a wrong-amount payment; the message carries it) */
  pay(qr: LaoQrReading, payerBank: BankCode | undefined, amountLak?: bigint, now = new Date()): OnePayPaymentView {
    const mcid = qr.merchantId;
    const shopcode = mcid === null ? undefined : this.shops.get(mcid);
    if (mcid === null || shopcode === undefined)
      throw new BankApiError(404, 'MERCHANT_NOT_FOUND', 'BCEL knows no OnePay merchant with this mcid');
    if (qr.amountLak === null) throw new BankApiError(400, 'AMOUNT_REQUIRED', 'this OnePay QR carries no amount');
    if (qr.reference === null) throw new BankApiError(400, 'QR_INVALID', 'a OnePay QR must carry its transaction uuid (tag 62, 05)');
    const fccref = newFccref(now);
    const message: OnePayMessage = {
      uuid: qr.reference,
      mcid,
      shopcode,
      tid: qr.terminal,
      invoiceid: qr.billNumber,
      amount: (amountLak ?? qr.amountLak).toString(),
      ccy: '418',
      fccref,
      ticket: String(randomInt(0, 1e9)).padStart(9, '0'),
      name: 'SANDBOX PAYER',
      account: `${(payerBank ?? 'bcel').toUpperCase()}-XXXX${String(randomInt(0, 1e4)).padStart(4, '0')}`,
      description: qr.description,
      txtime: now.toISOString(),
    };
    const channel = onePayChannel(mcid, shopcode);
    this.notices.dispatch([
      { channel, message },
      { channel: `uuid-${mcid}-${qr.reference}`, message },
    ]);
    return {
      reference: qr.reference,
      status: 'PAID',
      bankReference: fccref,
      amount: message.amount,
      currency: 'LAK',
      paidAt: message.txtime,
      channel,
    };
  }

  close(): void {
    this.notices.close();
  }
}
