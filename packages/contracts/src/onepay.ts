import { z } from 'zod';
import { LaoQrError, sealTlv, tlvField } from './laoqr-tlv.js';

/**
 * BCEL OnePay (docs/decisions/130-bcel-onepay.md): the merchant builds its QR itself — tag 33 BCEL /
 * ONEPAY / mcid, tag 62 with the invoice (our bill number), the transaction uuid, the terminal and
 * a description — and the bank publishes each payment on the PubNub channel `mcid-{mcid}-{shopcode}`,
 * where only the bank holds the publish key. Shapes from BCEL's public merchant script; the message
 * fields beyond `uuid` are this project's reading of it (decision 130).
 */

export interface OnePayQrInput {
  /** the merchant id BCEL issued */
  mcid: string;
  mcc?: string | undefined;
  /** whole kip, > 0 */
  amountLak: bigint;
  /** tag 62's 01: our bill number (the order's transaction code) */
  invoice: string;
  /** tag 62's 05: the transaction uuid the bank's message names */
  uuid: string;
  terminal?: string | undefined;
  /** ASCII only: the bank's script asks for English text here */
  description?: string | undefined;
  city?: string | undefined;
}

const ASCII = /^[\x20-\x7e]{1,99}$/;

/** A value checked as 1 to 99 printable ASCII characters; absent stays absent. */
function ascii(tag: string, value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!ASCII.test(value)) throw new LaoQrError(`field ${tag} must be 1 to 99 printable ASCII characters`);
  return value;
}

/** A template's sub-fields (no CRC of its own). */
const template = (fields: ReadonlyArray<readonly [string, string | undefined]>) =>
  fields.map(([tag, value]) => (value === undefined ? '' : tlvField(tag, value))).join('');

/**
 * The OnePay merchant QR. Point of initiation 11 as BCEL's own script writes it (its app reads that
 * form), 58 = LA and 60 = the city in EMVCo's order (the script swaps them), the CRC padded to 4 digits.
 */
export function buildOnePayQr(input: OnePayQrInput): string {
  if (input.amountLak <= 0n) throw new LaoQrError('the amount must be positive');
  if (input.mcc !== undefined && !/^\d{4}$/.test(input.mcc)) throw new LaoQrError('the MCC must be 4 digits');
  if (!/^[A-Za-z0-9-]{1,36}$/.test(input.uuid)) throw new LaoQrError('the transaction uuid must be 1 to 36 letters, digits or -');
  const account = template([
    ['00', 'BCEL'],
    ['01', 'ONEPAY'],
    ['02', ascii('02', input.mcid)],
  ]);
  const additional = template([
    ['01', ascii('01', input.invoice)],
    ['05', input.uuid],
    ['07', ascii('07', input.terminal)],
    ['08', ascii('08', input.description?.slice(0, 25))],
  ]);
  return sealTlv([
    ['00', '01'],
    ['01', '11'],
    ['33', account],
    ['52', input.mcc],
    ['53', '418'],
    ['54', input.amountLak.toString()],
    ['58', 'LA'],
    ['60', ascii('60', input.city?.trim().slice(0, 15))],
    ['62', additional],
  ]);
}

/** The channel on which the bank publishes every payment of one shop of a merchant. */
export function onePayChannel(mcid: string, shopcode: string): string {
  return `mcid-${mcid}-${shopcode}`;
}

/**
 * The payment message the bank publishes (as a JSON string, which the merchant parses): the
 * transaction uuid of the QR, the amount paid, and the bank's own references — `fccref`, the
 * core-banking reference also on the payer's OneProof slip, and the `ticket`.
 */
export const onePayMessageSchema = z.object({
  uuid: z.string().min(1).max(64),
  mcid: z.string().min(1).max(64),
  shopcode: z.string().min(1).max(64).optional(),
  tid: z.string().max(64).nullish(),
  invoiceid: z.string().max(64).nullish(),
  /** whole kip as a decimal string */
  amount: z.string().regex(/^[1-9]\d{0,15}$/),
  ccy: z.string().regex(/^\d{3}$/),
  fccref: z.string().min(1).max(64),
  ticket: z.string().max(64).nullish(),
  /** the payer's name and (masked) account, as the bank shows them */
  name: z.string().max(100).nullish(),
  account: z.string().max(64).nullish(),
  description: z.string().max(100).nullish(),
  /** when the bank booked the payment, ISO 8601 */
  txtime: z.iso.datetime({ offset: true }),
});
export type OnePayMessage = z.infer<typeof onePayMessageSchema>;

/** Reads one published message: a JSON string (as the bank sends it) or an object; null when it is not a payment. */
export function readOnePayMessage(message: unknown): OnePayMessage | null {
  let value = message;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const parsed = onePayMessageSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
