// Amounts without zod: minor units, their wire form and what players type. The site's money forms
// (deposit, withdraw) and their previews import it as `@app/contracts/amounts`, so that a form can
// paint before zod and the schemas have arrived (docs/decisions/076); money.ts and typed-amount.ts
// re-export it for everything else.

/**
 * Money is integer minor units (bigint) inside and a decimal string on the wire.
 * See docs/decisions/001-money-representation.md.
 */
export const CURRENCY_CODES = ['LAK', 'THB', 'USD'] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

/** Decimal places of each currency's minor unit: LAK is whole kip. */
export const CURRENCY_SCALE: Record<CurrencyCode, number> = { LAK: 0, THB: 2, USD: 2 };

const DECIMAL = /^(0|[1-9]\d{0,17})(\.\d+)?$/;

/** Parses a non-negative decimal string into minor units; throws on more decimals than the currency has. */
export function toMinor(value: string, currency: CurrencyCode): bigint {
  const scale = CURRENCY_SCALE[currency];
  if (!DECIMAL.test(value)) throw new RangeError(`not a decimal amount: ${value}`);
  const [whole, frac = ''] = value.split('.') as [string, string?];
  const digits = frac.replace(/^\./, '');
  if (digits.length > scale) throw new RangeError(`${currency} takes at most ${scale} decimals: ${value}`);
  return BigInt(whole) * 10n ** BigInt(scale) + BigInt(digits.padEnd(scale, '0') || '0');
}

/** Formats minor units as the wire's decimal string (`"1250.50"`, `"100000"`). */
export function fromMinor(minor: bigint, currency: CurrencyCode): string {
  const scale = CURRENCY_SCALE[currency];
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  if (scale === 0) return (negative ? '-' : '') + abs.toString();
  const base = 10n ** BigInt(scale);
  const frac = (abs % base).toString().padStart(scale, '0');
  return `${negative ? '-' : ''}${abs / base}.${frac}`;
}

/**
 * Amounts typed by players, read as they meant them.
 *
 * Players type the plain forms (`100000`, `100,000`, `144.92`) or the Lao locale's, which other apps
 * on their phones show (`100.000` kip, `144,92` THB). The rules, for one number with at most one decimal mark:
 * - both `,` and `.` present: the last one is the decimal mark, the other groups thousands;
 * - one mark used several times: it groups thousands (`1.000.000`, `1,000,000`);
 * - one mark used once and followed by exactly three digits after a non-zero whole part: it groups
 *   thousands (`100.000`, `100,000`); otherwise it is the decimal mark
 *   (`144,92`, `25000.5`, `0.500`);
 * - except a single `.` in a THB amount: the site writes THB as `154.92`, so there it is always the
 *   decimal mark and `100.005` has too many decimals, never a hundred thousand baht.
 * Groups must be three digits. Spaces (also no-break) are ignored. A currency's decimals are its own:
 * LAK is whole kip (a fraction of zeros, `50000.00`, is whole kip; `25000.5` is refused), THB two,
 * and a THB amount written with three or more decimals is refused whatever they are (`10.500`):
 * whoever typed it did not mean baht and satang.
 * The value returned is the wire's plain decimal string (`"144.92"`, `"100000"`).
 */
export type TypedAmountCurrency = 'LAK' | 'THB';
export type TypedAmountError = 'required' | 'invalid' | 'whole_kip' | 'decimals';
export type TypedAmount = { ok: true; value: string } | { ok: false; error: TypedAmountError };

const SCALE: Record<TypedAmountCurrency, number> = { LAK: 0, THB: 2 };
const SPACES = /[\s\u00a0\u202f_]/g;
const MAX_WHOLE_DIGITS = 18;

function grouped(whole: string, mark: string): string | null {
  const groups = whole.split(mark);
  const [first, ...rest] = groups;
  if (!first || !/^\d{1,3}$/.test(first) || rest.some((g) => !/^\d{3}$/.test(g))) return null;
  return groups.join('');
}

/** Whole digits and fraction digits of what the player typed, or null when it is not one number. */
function split(text: string, currency: TypedAmountCurrency): { whole: string; frac: string } | null {
  if (!/^[\d.,]+$/.test(text)) return null;
  const lastDot = text.lastIndexOf('.');
  const lastComma = text.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ',';
    const group = decimal === '.' ? ',' : '.';
    const at = text.lastIndexOf(decimal);
    const whole = grouped(text.slice(0, at), group);
    const frac = text.slice(at + 1);
    if (whole === null || !/^\d+$/.test(frac)) return null;
    return { whole, frac };
  }
  const mark = lastDot >= 0 ? '.' : lastComma >= 0 ? ',' : null;
  if (mark === null) return { whole: text, frac: '' };
  const parts = text.split(mark);
  if (parts.length > 2) {
    const whole = grouped(text, mark);
    return whole === null ? null : { whole, frac: '' };
  }
  const [whole = '', frac = ''] = parts;
  if (!/^\d+$/.test(whole) || !/^\d+$/.test(frac)) return null;
  const dotIsDecimal = currency === 'THB' && mark === '.';
  if (!dotIsDecimal && frac.length === 3 && whole.length <= 3 && !/^0+$/.test(whole)) return { whole: whole + frac, frac: '' };
  return { whole, frac };
}

export function parseTypedAmount(input: string, currency: TypedAmountCurrency): TypedAmount {
  const text = input.replace(SPACES, '');
  if (text === '') return { ok: false, error: 'required' };
  const parts = split(text, currency);
  if (!parts) return { ok: false, error: 'invalid' };
  const whole = parts.whole.replace(/^0+(?=\d)/, '');
  let frac = parts.frac;
  const scale = SCALE[currency];
  if (frac.length > scale) {
    if (currency === 'THB') return { ok: false, error: 'decimals' };
    // trailing zeros change nothing to whole kip ("50000.00")
    if (/^0*$/.test(frac.slice(scale))) frac = frac.slice(0, scale);
    else return { ok: false, error: 'whole_kip' };
  }
  if (whole.length > MAX_WHOLE_DIGITS) return { ok: false, error: 'invalid' };
  if (/^0*$/.test(whole) && /^0*$/.test(frac)) return { ok: false, error: 'invalid' };
  return { ok: true, value: frac ? `${whole}.${frac}` : whole };
}
