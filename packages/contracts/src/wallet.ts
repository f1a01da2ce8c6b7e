import { z } from 'zod';
import { CURRENCY_CODES } from './money.js';

/** A currency row of SPEC.md §3; rates are decimal strings (docs/decisions/001-money-representation.md). */
export const currencyRowSchema = z.object({
  isEnabled: z.boolean(),
  code: z.enum(CURRENCY_CODES),
  mid: z.string().nullable(),
  displayName: z.string(),
  currency: z.enum(CURRENCY_CODES),
  buyRate: z.string(),
  sellRate: z.string(),
});
export type CurrencyRow = z.infer<typeof currencyRowSchema>;

export const currenciesResponseSchema = z.object({ currencies: z.array(currencyRowSchema) });
export type CurrenciesResponse = z.infer<typeof currenciesResponseSchema>;

/**
 * SPEC.md §5: only enabled rows, one per distinct mid or currency: a row with a mid is keyed by it,
 * one without by its currency; the first row of a key wins.
 */
export function listableCurrencies<T extends { isEnabled: boolean; mid: string | null; currency: string }>(rows: T[]): T[] {
  const seen = new Set<string>();
  return rows.filter((r) => {
    if (!r.isEnabled) return false;
    const key = r.mid != null ? `mid:${r.mid}` : `currency:${r.currency}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Credit is held at the providers in THB (SPEC.md §3). */
export const CREDIT_CURRENCY = 'THB';

export const creditResponseSchema = z.object({
  credit: z.object({ amount: z.string(), currency: z.literal(CREDIT_CURRENCY) }),
});
export type CreditResponse = z.infer<typeof creditResponseSchema>;

/** A provider id in a path; checked by the handler so that an unknown one answers 404 PROVIDER_NOT_FOUND. */
export const providerParamsSchema = z.object({ provider: z.string().max(64) });
