import { z } from 'zod';

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

/** zod schema for an amount string of a given currency: positive, within its decimals. */
export function amountSchema(currency: CurrencyCode) {
  return z
    .string()
    .trim()
    .refine((v) => {
      try {
        return toMinor(v, currency) > 0n;
      } catch {
        return false;
      }
    }, 'amount.invalid');
}

/** Exact decimal-string schema for a rate (up to 6 decimals). */
export const rateSchema = z.string().regex(/^\d{1,12}(\.\d{1,6})?$/, 'rate.invalid');
