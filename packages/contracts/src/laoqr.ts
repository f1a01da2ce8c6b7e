import type { BankCode } from './common.js';

/**
 * The LAO QR payload of DESIGN.md §5a: EMVCo merchant-presented mode, TLV fields
 * (2-digit tag, 2-digit length, value) closed by a CRC-16/CCITT-FALSE. Pure string work, so the
 * server builds it, the sandbox bank parses it and the web can show its fields.
 */

/** Issuer identification numbers of the LAPNet member banks; KBank's comes from the agency's configuration. */
export const LAO_QR_BANK_IINS: Readonly<Partial<Record<BankCode, string>>> = {
  bcel: '27710418',
  jdb: '32170418',
  ldb: '70030418',
  lvb: '70050418',
  indochina: '70140418',
};

export const LAO_QR_AID = 'A005266284662577';
export const LAO_QR_MAX_NAME = 25;
export const LAO_QR_MAX_CITY = 15;
const MAX_BILL = 25;

export class LaoQrError extends Error {
  override readonly name = 'LaoQrError';
}

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

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor), 4 uppercase hex digits. */
export function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

// EMVCo "ans": printable ASCII, so that lengths in characters are lengths in bytes for every scanner
const PRINTABLE = /^[\x20-\x7e]*$/;

function tlv(tag: string, value: string): string {
  if (!PRINTABLE.test(value)) throw new LaoQrError(`field ${tag} must be printable ASCII`);
  if (value.length === 0 || value.length > 99) throw new LaoQrError(`field ${tag} must be 1 to 99 characters`);
  return tag + String(value.length).padStart(2, '0') + value;
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
    '6304';
  return body + crc16CcittFalse(body);
}

/** Splits a TLV string into its fields, in order; throws on a truncated or malformed field. */
export function parseTlv(text: string): Array<[tag: string, value: string]> {
  const out: Array<[string, string]> = [];
  let i = 0;
  while (i < text.length) {
    const head = text.slice(i, i + 4);
    if (!/^\d{4}$/.test(head)) throw new LaoQrError(`malformed field at position ${i}`);
    const len = Number(head.slice(2));
    const value = text.slice(i + 4, i + 4 + len);
    if (len === 0 || value.length !== len) throw new LaoQrError(`field ${head.slice(0, 2)} is truncated`);
    out.push([head.slice(0, 2), value]);
    i += 4 + len;
  }
  return out;
}

function required(fields: Map<string, string>, tag: string, what: string): string {
  const v = fields.get(tag);
  if (v === undefined) throw new LaoQrError(`missing ${what} (tag ${tag})`);
  return v;
}

/** Parses and checks a LAO QR payload: structure, CRC, and the fixed fields. Throws LaoQrError. */
export function parseLaoQr(payload: string): LaoQrFields {
  const text = payload.trim();
  if (!PRINTABLE.test(text)) throw new LaoQrError('the payload must be printable ASCII');
  if (text.length < 8 || text.slice(-8, -4) !== '6304') throw new LaoQrError('the payload must end with the CRC field');
  const crc = text.slice(-4);
  if (!/^[0-9A-Fa-f]{4}$/.test(crc) || crc.toUpperCase() !== crc16CcittFalse(text.slice(0, -4))) {
    throw new LaoQrError('the CRC does not match');
  }
  const list = parseTlv(text.slice(0, -8));
  if (list[0]?.[0] !== '00' || list[0][1] !== '01') throw new LaoQrError('the payload must start with 000201');
  const top = new Map<string, string>();
  for (const [tag, value] of list) {
    if (top.has(tag)) throw new LaoQrError(`field ${tag} appears twice`);
    top.set(tag, value);
  }
  const initiation = required(top, '01', 'point of initiation');
  if (initiation !== '11' && initiation !== '12') throw new LaoQrError('point of initiation must be 11 or 12');
  const account = new Map(parseTlv(required(top, '38', 'merchant account')));
  const aid = required(account, '00', 'application id');
  if (aid !== LAO_QR_AID) throw new LaoQrError('not a LAO QR application id');
  const iin = required(account, '01', 'bank IIN');
  const amount = top.get('54');
  if (amount !== undefined && !/^[1-9]\d*$/.test(amount)) throw new LaoQrError('the amount must be whole kip');
  if (initiation === '12' && amount === undefined) throw new LaoQrError('a dynamic QR must carry an amount');
  const additional = new Map(parseTlv(top.get('62') ?? ''));
  const bank = (Object.keys(LAO_QR_BANK_IINS) as BankCode[]).find((b) => LAO_QR_BANK_IINS[b] === iin) ?? null;
  return {
    initiation,
    aid,
    iin,
    bank,
    merchantId: required(account, '03', 'merchant id'),
    mcc: required(top, '52', 'merchant category code'),
    currency: required(top, '53', 'currency'),
    amountLak: amount === undefined ? null : BigInt(amount),
    country: required(top, '58', 'country'),
    merchantName: required(top, '59', 'merchant name'),
    city: required(top, '60', 'city'),
    billNumber: additional.get('01') ?? null,
    reference: additional.get('05') ?? null,
    crc: crc.toUpperCase(),
  };
}
