import { z } from 'zod';
import { toMinor, type CurrencyCode } from './amounts.js';

// the zod-free part (minor units) lives in amounts.ts, for the site's forms (docs/decisions/076)
export { CURRENCY_CODES, CURRENCY_SCALE, fromMinor, toMinor, type CurrencyCode } from './amounts.js';

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
