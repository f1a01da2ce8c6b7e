import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createDepositSchema, typedAmountSchema, type CreateDepositBody, type FormInput } from '@app/contracts';
import { withinBounds, type AmountBounds } from '@/lib/amount-limits';

/** The contract's body, with the amount as the player typed it (read by the one parser of typed amounts). */
const depositFormSchema = createDepositSchema.extend({ amount: typedAmountSchema('LAK') });

export type DepositFormInput = FormInput<typeof depositFormSchema>;

/**
 * The deposit form's resolver, held to the agency's bounds (`range`: the key of the error that names
 * them). Loaded by the form on first use (lib/lazy-resolver.ts): zod and the schemas stay out of the
 * deposit page's first paint, as on /login (docs/decisions/016, 076).
 */
export const depositResolver = (bounds: AmountBounds, range: string): Resolver<DepositFormInput, unknown, CreateDepositBody> =>
  zodResolver(depositFormSchema.extend({ amount: typedAmountSchema('LAK').refine((v) => withinBounds(v, bounds), range) }));
