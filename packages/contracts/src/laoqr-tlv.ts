/**
 * The EMVCo TLV layer under every LAO QR form: fields of a 2-digit tag, a 2-digit length counted in
 * characters (code points: Lao text in tag 64 is one character per letter), and the value; the CRC
 * field closes the payload and covers its UTF-8 bytes.
 */

export class LaoQrError extends Error {
  override readonly name = 'LaoQrError';
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) over UTF-8, 4 uppercase hex digits. */
export function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

export interface TlvField {
  tag: string;
  value: string;
  /** where the field starts, in characters */
  at: number;
}

/** Writes one field; its length is the value's length in characters. */
export function tlvField(tag: string, value: string): string {
  return tag + String(Array.from(value).length).padStart(2, '0') + value;
}

/**
 * Splits a TLV string into its fields, in order. Throws LaoQrError on a truncated or malformed field;
 * a field of length 00 (an empty tag 59, as some banks write it) is read only when `allowEmpty`.
 */
export function splitTlv(text: string, opts: { allowEmpty?: boolean } = {}): TlvField[] {
  const chars = Array.from(text);
  const out: TlvField[] = [];
  let i = 0;
  while (i < chars.length) {
    const head = chars.slice(i, i + 4).join('');
    if (!/^\d{4}$/.test(head)) throw new LaoQrError(`malformed field at position ${i}`);
    const len = Number(head.slice(2));
    const value = chars.slice(i + 4, i + 4 + len);
    if ((len === 0 && !opts.allowEmpty) || value.length !== len) throw new LaoQrError(`field ${head.slice(0, 2)} is truncated`);
    out.push({ tag: head.slice(0, 2), value: value.join(''), at: i });
    i += 4 + len;
  }
  return out;
}

/** A whole payload: the fields in order (an absent value leaves its field out), then `6304` and the CRC. */
export function sealTlv(fields: ReadonlyArray<readonly [tag: string, value: string | undefined]>): string {
  const body = `${fields.map(([tag, value]) => (value === undefined || value === '' ? '' : tlvField(tag, value))).join('')}6304`;
  return body + crc16CcittFalse(body);
}
