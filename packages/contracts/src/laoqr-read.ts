import type { BankCode } from './common.js';
import { crc16CcittFalse, LaoQrError, splitTlv, type TlvField } from './laoqr-tlv.js';

/**
 * The reader of every LAO QR form real banks issue (DESIGN.md §5a): LAPNet merchant QRs, static (11)
 * and dynamic (12); personal ones (P2P: no tag 52); UnionPay's tag 15 beside tag 38; BCEL OnePay
 * merchant QRs (tag 33 BCEL/ONEPAY/mcid, tag 62 with the invoice and the transaction uuid) and BCEL
 * OneProof slips (tag 33 BCEL/ONEPROOF with the ticket and the core-banking reference `fccref`).
 * It reads what they really write: an empty tag 59, no tag 60, tags 58 and 60 swapped, a CRC written
 * without its zero padding, Lao text in tag 64. Whatever it cannot read is a typed error, never a throw.
 */

export const LAO_QR_READ_ERRORS = [
  'QR_EMPTY',
  'QR_TOO_LONG',
  'QR_MALFORMED',
  'QR_CRC_MISSING',
  'QR_CRC_MISMATCH',
  'QR_DUPLICATE_FIELD',
  'QR_NOT_EMV',
  'QR_INITIATION',
  'QR_NO_ACCOUNT',
  'QR_AMOUNT',
] as const;
export type LaoQrReadErrorCode = (typeof LAO_QR_READ_ERRORS)[number];
export interface LaoQrReadError {
  code: LaoQrReadErrorCode;
  message: string;
}

export type LaoQrKind = 'merchant' | 'personal' | 'onepay' | 'slip' | 'unionpay';

export interface LaoQrReading {
  kind: LaoQrKind;
  /** '11' static, '12' dynamic; null when the QR leaves tag 01 out */
  initiation: '11' | '12' | null;
  /** told by the IIN of tag 38, or by tag 33's BCEL */
  bank: BankCode | null;
  iin: string | null;
  /** tag 38's 03 (merchant id or account), or OnePay's mcid */
  merchantId: string | null;
  /** tag 38's 02 */
  service: string | null;
  /** tag 15, UnionPay's merchant account */
  unionPay: string | null;
  mcc: string | null;
  currency: string | null;
  amountLak: bigint | null;
  country: string | null;
  merchantName: string | null;
  city: string | null;
  /** the QR wrote the city in 58 and the country in 60 (OnePay's own QRs do) */
  countryCitySwapped: boolean;
  /** tag 62: 01 bill number (OnePay: invoice), 05 reference (OnePay: transaction uuid), 07 terminal, 08 description */
  billNumber: string | null;
  reference: string | null;
  terminal: string | null;
  description: string | null;
  /** tag 64, the merchant's name and city in another language */
  alternate: { language: string | null; name: string | null; city: string | null } | null;
  /** a BCEL OneProof slip: tag 33's 02 type, 03 ticket, 04 core-banking reference */
  slip: { type: string | null; ticket: string | null; fccref: string | null } | null;
  /** the CRC as written (possibly fewer than 4 digits) */
  crc: string;
  fields: ReadonlyArray<{ tag: string; value: string }>;
}

export type LaoQrReadResult = { ok: true; qr: LaoQrReading } | { ok: false; error: LaoQrReadError };

/** The LAPNet application id in tag 38's 00. */
export const LAO_QR_AID = 'A005266284662577';

/** Issuer identification numbers of the LAPNet member banks; KBank's comes from the agency's configuration. */
export const LAO_QR_BANK_IINS: Readonly<Partial<Record<BankCode, string>>> = {
  bcel: '27710418',
  jdb: '32170418',
  ldb: '70030418',
  lvb: '70050418',
  indochina: '70140418',
};

const MAX_PAYLOAD = 1024;

class Refused extends Error {
  constructor(
    readonly code: LaoQrReadErrorCode,
    message: string,
  ) {
    super(message);
  }
}

function split(text: string, where: string): TlvField[] {
  try {
    return splitTlv(text, { allowEmpty: true });
  } catch (err) {
    if (err instanceof LaoQrError) throw new Refused('QR_MALFORMED', where ? `${where}: ${err.message}` : err.message);
    throw err;
  }
}

function template(fields: Map<string, string>, tag: string, name: string): Map<string, string> | null {
  const value = fields.get(tag);
  if (value === undefined) return null;
  return new Map(split(value, `tag ${tag} (${name})`).map((f) => [f.tag, f.value]));
}

const orNull = (value: string | undefined) => (value === undefined || value === '' ? null : value);

/** The CRC as banks write it: 1 to 4 hex digits (unpadded), computed over the body and `6304`. */
function checkCrc(chars: string[], last: TlvField): string {
  const written = last.value;
  if (!/^[0-9A-Fa-f]{1,4}$/.test(written)) throw new Refused('QR_CRC_MISMATCH', 'the CRC does not match');
  const body = chars.slice(0, last.at).join('');
  const header = chars.slice(last.at, last.at + 4).join('');
  const got = parseInt(written, 16);
  // an unpadded CRC is written with its own length (6303…) but was computed over 6304, as the
  // OnePay merchant script does; a few writers compute it over the header they wrote
  const ok = [`${body}6304`, `${body}${header}`].some((signed) => parseInt(crc16CcittFalse(signed), 16) === got);
  if (!ok) throw new Refused('QR_CRC_MISMATCH', 'the CRC does not match');
  return written.toUpperCase();
}

function amountOf(value: string | undefined): bigint | null {
  if (value === undefined || value === '') return null;
  const m = /^([1-9]\d{0,15})(?:\.0+)?$/.exec(value);
  if (!m) throw new Refused('QR_AMOUNT', 'the amount must be whole kip');
  return BigInt(m[1]!);
}

function read(payload: string): LaoQrReading {
  const text = payload.trim();
  if (text === '') throw new Refused('QR_EMPTY', 'the payload is empty');
  if (text.length > MAX_PAYLOAD) throw new Refused('QR_TOO_LONG', `the payload is longer than ${MAX_PAYLOAD} characters`);
  const chars = Array.from(text);
  const list = split(text, '');
  const last = list[list.length - 1];
  if (!last || last.tag !== '63') throw new Refused('QR_CRC_MISSING', 'the payload must end with the CRC field');
  const crc = checkCrc(chars, last);
  const top = new Map<string, string>();
  for (const f of list) {
    if (top.has(f.tag)) throw new Refused('QR_DUPLICATE_FIELD', `field ${f.tag} appears twice`);
    top.set(f.tag, f.value);
  }
  if (list[0]?.tag !== '00' || list[0].value !== '01') throw new Refused('QR_NOT_EMV', 'the payload must start with 000201');
  const initiation = top.get('01') ?? null;
  if (initiation !== null && initiation !== '11' && initiation !== '12')
    throw new Refused('QR_INITIATION', 'point of initiation must be 11 or 12');

  const lapnet = template(top, '38', 'LAO QR account');
  const bcel = template(top, '33', 'BCEL');
  const unionPay = orNull(top.get('15'));
  const isLapnet = lapnet?.get('00') === LAO_QR_AID;
  const isBcel = bcel?.get('00') === 'BCEL';
  if (!isLapnet && !isBcel && unionPay === null)
    throw new Refused('QR_NO_ACCOUNT', 'no LAO QR application id, BCEL OnePay or UnionPay account (tags 38, 33, 15)');
  const iin = isLapnet ? orNull(lapnet.get('01')) : null;
  const bankByIin = iin === null ? null : ((Object.keys(LAO_QR_BANK_IINS) as BankCode[]).find((b) => LAO_QR_BANK_IINS[b] === iin) ?? null);
  const bcelApp = isBcel ? bcel.get('01') : undefined;
  const kind: LaoQrKind =
    bcelApp === 'ONEPROOF' ? 'slip' : bcelApp === 'ONEPAY' ? 'onepay' : isLapnet ? (top.has('52') ? 'merchant' : 'personal') : 'unionpay';

  let country = orNull(top.get('58'));
  let city = orNull(top.get('60'));
  const isCountry = (v: string | null) => v !== null && /^[A-Z]{2}$/.test(v);
  const countryCitySwapped = !isCountry(country) && isCountry(city);
  if (countryCitySwapped) [country, city] = [city, country];

  const additional = template(top, '62', 'additional data') ?? new Map<string, string>();
  const alt = template(top, '64', 'alternate language');
  return {
    kind,
    initiation,
    bank: bankByIin ?? (isBcel ? 'bcel' : null),
    iin,
    merchantId: isLapnet ? orNull(lapnet.get('03')) : kind === 'onepay' ? orNull(bcel?.get('02')) : null,
    service: isLapnet ? orNull(lapnet.get('02')) : null,
    unionPay,
    mcc: orNull(top.get('52')),
    currency: orNull(top.get('53')),
    amountLak: amountOf(top.get('54')),
    country,
    merchantName: orNull(top.get('59')),
    city,
    countryCitySwapped,
    billNumber: orNull(additional.get('01')),
    reference: orNull(additional.get('05')),
    terminal: orNull(additional.get('07')),
    description: orNull(additional.get('08')),
    alternate: alt ? { language: orNull(alt.get('00')), name: orNull(alt.get('01')), city: orNull(alt.get('02')) } : null,
    slip: kind === 'slip' ? { type: orNull(bcel?.get('02')), ticket: orNull(bcel?.get('03')), fccref: orNull(bcel?.get('04')) } : null,
    crc,
    fields: list.map(({ tag, value }) => ({ tag, value })),
  };
}

/** Reads any LAO QR form (see above): the fields, or the reason it cannot be read. */
export function readLaoQr(payload: string): LaoQrReadResult {
  try {
    return { ok: true, qr: read(payload) };
  } catch (err) {
    if (err instanceof Refused) return { ok: false, error: { code: err.code, message: err.message } };
    throw err;
  }
}
