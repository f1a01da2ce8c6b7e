import type { CurrencyCode } from '@app/contracts';
import { getI18n } from 'react-i18next';
import { dayMonthYearTime } from './date-parts';

/**
 * SPEC.md §9: numbers in the Lao locale, dates DD/MM/YYYY HH:mm:ss, and the zero dates as N/A.
 * Money stays a decimal string end to end: it is never turned into a float.
 */
export const NUMBER_LOCALE = 'lo-LA';
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

// one formatter for the page's life: building an Intl.NumberFormat costs more than formatting with it, and a
// page formats dozens of amounts in its first render (a long task on a slow phone: docs/decisions/076)
let numbers: Intl.NumberFormat | undefined;
const numberFormat = () => (numbers ??= new Intl.NumberFormat(NUMBER_LOCALE));
let separator: string | undefined;

/** Groups an integer given as digits, exactly (bigint), in the Lao locale. */
function groupDigits(digits: string): string {
  return numberFormat().format(BigInt(digits));
}

function decimalSeparator(): string {
  return (separator ??=
    numberFormat()
      .formatToParts(1.5)
      .find((p) => p.type === 'decimal')?.value ?? '.');
}

/**
 * Builds the number formatter ahead of use. The first one of the page loads the locale's data (~150 ms
 * at a slow phone's speed): the player area does it while its page's code and reads are still on the
 * way, instead of inside the page's first render (docs/decisions/076).
 */
export function prepareNumberFormat(): void {
  decimalSeparator();
}

/** "1234567.5", "THB" → "1,234,567.50 THB"; LAK keeps whole kip. Unparseable input → N/A. */
export function formatMoney(value: string | null | undefined, currency: CurrencyCode | string): string {
  const number = formatDecimal(value, currency in DISPLAY_SCALE ? DISPLAY_SCALE[currency as CurrencyCode] : 2);
  return number === na() ? number : `${number} ${currency}`;
}

/** A decimal string with exactly `scale` decimals (truncated, never rounded up), grouped. */
export function formatDecimal(value: string | null | undefined, scale: number): string {
  const m = value == null ? null : DECIMAL.exec(value.trim());
  if (!m) return na();
  const [, sign = '', whole = '0', frac = ''] = m;
  const fraction = frac.padEnd(scale, '0').slice(0, scale);
  const body = groupDigits(whole) + (scale > 0 ? decimalSeparator() + fraction : '');
  const zero = /^0*$/.test(whole) && /^0*$/.test(fraction);
  return (sign && !zero ? '-' : '') + body;
}

/** Plain numbers (counts, rates shown as given) in the Lao locale. */
export function formatNumber(value: number | bigint): string {
  return numberFormat().format(value);
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
