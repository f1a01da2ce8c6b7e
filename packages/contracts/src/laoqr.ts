import type { BankCode } from './common.js';
import { LAO_QR_AID, LAO_QR_BANK_IINS, readLaoQr } from './laoqr-read.js';
import { crc16CcittFalse, LaoQrError, splitTlv, tlvField } from './laoqr-tlv.js';

export { crc16CcittFalse, LaoQrError, sealTlv, tlvField } from './laoqr-tlv.js';
export { LAO_QR_AID, LAO_QR_BANK_IINS } from './laoqr-read.js';

/**
 * The LAO QR payload of DESIGN.md §5a: EMVCo merchant-presented mode, TLV fields
 * (2-digit tag, 2-digit length, value) closed by a CRC-16/CCITT-FALSE. Pure string work, so the
 * server builds it, the sandbox bank parses it and the web can show its fields.
 */

export const LAO_QR_MAX_NAME = 25;
export const LAO_QR_MAX_CITY = 15;
const MAX_BILL = 25;

export interface LaoQrInput {
  bank: BankCode;
  /** required for banks without a known IIN (kasikam) */
  iin?: string | undefined;
  merchantId: string;
  /** ISO 18245 merchant category code, 4 digits */
  mcc: string;
  /** whole kip, > 0 */
  amountLak: bigint;
  /** truncated to 25 characters */
  merchantName: string;
  /** truncated to 15 characters */
  city: string;
  /** the order's transaction code (tag 62, sub-tag 01) */
  billNumber: string;
  /** the gateway order reference (tag 62, sub-tag 05) */
  reference: string;
  /** the name (and city) in another language, Lao text included (tag 64); truncated as tags 59 and 60 are */
  alternate?: LaoQrAlternate | undefined;
}

export interface LaoQrAlternate {
  /** ISO 639-1, e.g. 'lo' */
  language: string;
  name: string;
  city?: string | undefined;
}

export interface LaoQrFields {
  /** '12' dynamic (with amount), '11' static */
  initiation: '11' | '12';
  aid: string;
  iin: string;
  /** the bank whose IIN this is, when it is one of the known ones */
  bank: BankCode | null;
  merchantId: string;
  mcc: string;
  currency: string;
  /** null on a static QR without an amount */
  amountLak: bigint | null;
  country: string;
  merchantName: string;
  city: string;
  billNumber: string | null;
  reference: string | null;
  crc: string;
}

// EMVCo "ans": printable ASCII, so that lengths in characters are lengths in bytes for every scanner
const PRINTABLE = /^[\x20-\x7e]*$/;

function tlv(tag: string, value: string): string {
  if (!PRINTABLE.test(value)) throw new LaoQrError(`field ${tag} must be printable ASCII`);
  if (value.length === 0 || value.length > 99) throw new LaoQrError(`field ${tag} must be 1 to 99 characters`);
  return tlvField(tag, value);
}

// any text but control characters; lengths in characters
const TEXT = /^[^\p{Cc}]+$/u;
const cut = (text: string, max: number) => Array.from(text.trim()).slice(0, max).join('');

/** Tag 64, the merchant information in another language: 00 language, 01 name, 02 city. */
function alternateTemplate(alt: LaoQrAlternate): string {
  const name = cut(alt.name, LAO_QR_MAX_NAME);
  const city = alt.city === undefined ? '' : cut(alt.city, LAO_QR_MAX_CITY);
  if (!/^[a-z]{2}$/.test(alt.language)) throw new LaoQrError('the alternate language must be 2 lowercase letters');
  if (!TEXT.test(name) || (city !== '' && !TEXT.test(city))) throw new LaoQrError('the alternate name and city must be text');
  return tlvField('64', tlv('00', alt.language) + tlvField('01', name) + (city === '' ? '' : tlvField('02', city)));
}

export function buildLaoQr(input: LaoQrInput): string {
  const iin = input.iin ?? LAO_QR_BANK_IINS[input.bank];
  if (!iin || !/^\d{8}$/.test(iin)) throw new LaoQrError(`bank ${input.bank} needs an 8-digit IIN`);
  if (!/^\d{4}$/.test(input.mcc)) throw new LaoQrError('the MCC must be 4 digits');
  if (input.amountLak <= 0n) throw new LaoQrError('the amount must be positive');
  if (input.billNumber.length > MAX_BILL || input.reference.length > MAX_BILL) {
    throw new LaoQrError(`the bill number and reference are at most ${MAX_BILL} characters`);
  }
  const account = tlv('00', LAO_QR_AID) + tlv('01', iin) + tlv('02', '002') + tlv('03', input.merchantId);
  const additional = tlv('01', input.billNumber) + tlv('05', input.reference);
  const body =
    tlv('00', '01') +
    tlv('01', '12') +
    tlv('38', account) +
    tlv('52', input.mcc) +
    tlv('53', '418') +
    tlv('54', input.amountLak.toString()) +
    tlv('58', 'LA') +
    tlv('59', input.merchantName.trim().slice(0, LAO_QR_MAX_NAME)) +
    tlv('60', input.city.trim().slice(0, LAO_QR_MAX_CITY)) +
    tlv('62', additional) +
    (input.alternate ? alternateTemplate(input.alternate) : '') +
    '6304';
  return body + crc16CcittFalse(body);
}

/** Splits a TLV string into its fields, in order; throws on a truncated, malformed or empty field. */
export function parseTlv(text: string): Array<[tag: string, value: string]> {
  return splitTlv(text).map((f) => [f.tag, f.value]);
}

function required<T>(value: T | null, tag: string, what: string): T {
  if (value === null) throw new LaoQrError(`missing ${what} (tag ${tag})`);
  return value;
}

/**
 * Parses a LAO QR payload in the form we write (DESIGN.md §5a), for the sandbox bank and our own
 * checks: read as any bank's QR is (laoqr-read.ts), then held to our form. Throws LaoQrError.
 */
export function parseLaoQr(payload: string): LaoQrFields {
  const read = readLaoQr(payload);
  if (!read.ok) throw new LaoQrError(read.error.message);
  const qr = read.qr;
  if (!/^[0-9A-F]{4}$/.test(qr.crc)) throw new LaoQrError('the CRC must be 4 hex digits');
  const initiation = required(qr.initiation, '01', 'point of initiation');
  if (qr.kind !== 'merchant' && qr.kind !== 'personal') throw new LaoQrError('not a LAO QR application id');
  if (initiation === '12' && qr.amountLak === null) throw new LaoQrError('a dynamic QR must carry an amount');
  return {
    initiation,
    aid: LAO_QR_AID,
    iin: required(qr.iin, '38', 'bank IIN'),
    bank: qr.bank,
    merchantId: required(qr.merchantId, '38', 'merchant id'),
    mcc: required(qr.mcc, '52', 'merchant category code'),
    currency: required(qr.currency, '53', 'currency'),
    amountLak: qr.amountLak,
    country: required(qr.country, '58', 'country'),
    merchantName: required(qr.merchantName, '59', 'merchant name'),
    city: required(qr.city, '60', 'city'),
    billNumber: qr.billNumber,
    reference: qr.reference,
    crc: qr.crc,
  };
}
