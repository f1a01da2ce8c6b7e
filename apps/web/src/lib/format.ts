import type { CurrencyCode } from '@app/contracts';
import { getI18n } from 'react-i18next';
import { dayMonthYearTime } from './date-parts';

/**
 * SPEC.md §9: numbers grouped by thousands (decision 083), dates DD/MM/YYYY HH:mm:ss, and the zero dates as N/A.
 * Money stays a decimal string end to end: it is never turned into a float.
 */
const NA_VALUES = new Set(['0001-01-01', '0001-01-01T00:00:00Z']);

/**
 * Decimal places per currency. The contracts' CURRENCY_SCALE lives beside zod schemas, which must
 * not enter the first bundle; format.test.ts checks that the two tables agree.
 */
export const DISPLAY_SCALE: Record<CurrencyCode, number> = { LAK: 0, THB: 2, USD: 2 };

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

// react-i18next's default instance: the player site's own (lib/i18n.ts), without importing it, so that
// the back office's preview of a promotion formats as the site does without loading the player's
// singleton (docs/decisions/064)
function na(): string {
  return getI18n()?.t('common:na') ?? 'N/A';
}

// The separators are ours, not the browser's (docs/decisions/083): Chromium, which most players use,
// has no Lao number data and writes `lo-LA` as 1,234,567.5, Safari writes 1.234.567,5, and the first
// Intl.NumberFormat of a page starts ICU, a long task inside the page's first render on a slow phone.
// One form everywhere, the one Chromium's players already see.
const GROUP = ',';
const DECIMAL_POINT = '.';

/** Groups an integer given as digits, exactly: "0001234567" → "1,234,567". */
function groupDigits(digits: string): string {
  return digits.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+$)/g, GROUP);
}

/** "1234567.5", "THB" → "1,234,567.50 THB"; LAK keeps whole kip. Unparseable input → N/A. */
export function formatMoney(value: string | null | undefined, currency: CurrencyCode | string): string {
  const number = grouped(value, currency in DISPLAY_SCALE ? DISPLAY_SCALE[currency as CurrencyCode] : 2);
  return number === null ? na() : `${number} ${currency}`;
}

/** A decimal string with exactly `scale` decimals (truncated, never rounded up), grouped; N/A when unparseable. */
export function formatDecimal(value: string | null | undefined, scale: number): string {
  return grouped(value, scale) ?? na();
}

// the text is looked up only for the value that needs it: a lookup costs more than the formatting
// (i18next's path, interpreted in a page's first render on a slow phone)
function grouped(value: string | null | undefined, scale: number): string | null {
  const m = value == null ? null : DECIMAL.exec(value.trim());
  if (!m) return null;
  const [, sign = '', whole = '0', frac = ''] = m;
  const fraction = frac.padEnd(scale, '0').slice(0, scale);
  const body = groupDigits(whole) + (scale > 0 ? DECIMAL_POINT + fraction : '');
  const zero = /^0*$/.test(whole) && /^0*$/.test(fraction);
  return (sign && !zero ? '-' : '') + body;
}

/** A count (an integer, exact for bigint) grouped as the amounts are; what is not a finite number → N/A. */
export function formatNumber(value: number | bigint): string {
  if (typeof value === 'number' && !Number.isFinite(value)) return na();
  const n = typeof value === 'bigint' ? value : BigInt(Math.trunc(value));
  return n < 0n ? `-${groupDigits(String(-n))}` : groupDigits(String(n));
}

/**
 * An ISO date-time → DD/MM/YYYY HH:mm:ss in the device's time zone (or the one given).
 * The zero dates 0001-01-01 and 0001-01-01T00:00:00Z, empty and invalid values show N/A.
 */
export function formatDateTime(iso: string | null | undefined, timeZone?: string): string {
  if (!iso || NA_VALUES.has(iso)) return na();
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return na();
  return dayMonthYearTime(date, timeZone);
}
