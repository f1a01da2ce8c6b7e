import { z } from 'zod';
import { parseTypedAmount, type TypedAmountCurrency } from './amounts.js';

// the reading of a typed amount itself lives in amounts.ts, without zod (docs/decisions/076)
export { parseTypedAmount, type TypedAmount, type TypedAmountCurrency, type TypedAmountError } from './amounts.js';

/**
 * A form field's schema for a typed amount: the player's text in, the wire's decimal out; a refusal
 * carries the translation key of its reason (`errors:amount.whole_kip`, …).
 */
export function typedAmountSchema(currency: TypedAmountCurrency) {
  return z.string().transform((text, ctx) => {
    const read = parseTypedAmount(text, currency);
    if (read.ok) return read.value;
    ctx.addIssue({ code: 'custom', message: `errors:amount.${read.error}` });
    return z.NEVER;
  });
}

/** What a form built on a schema holds before it is parsed (the typed text of an amount field), for react-hook-form's first type parameter. */
export type FormInput<S extends z.ZodType> = z.input<S>;
