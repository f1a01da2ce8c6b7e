import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createWithdrawalBodySchema, toMinor, typedAmountSchema, type CreateWithdrawalBody, type FormInput } from '@app/contracts';
import { withinBounds, type AmountBounds } from '@/lib/amount-limits';

/** The contract's body, with the amount as the player typed it (read by the one parser of typed amounts). */
const withdrawFormSchema = createWithdrawalBodySchema.extend({ amount: typedAmountSchema('THB') });

export type WithdrawFormInput = FormInput<typeof withdrawFormSchema>;

/**
 * The withdraw form's resolver, held to the agency's bounds and to the credit at the provider when it
 * is known (`range`, `overCredit`: the keys of the errors that name them). Loaded by the form on first
 * use (lib/lazy-resolver.ts): zod and the schemas stay out of the withdraw page's first paint, as on
 * the deposit page (docs/decisions/076, 180).
 */
export const withdrawResolver = (
  bounds: AmountBounds,
  credit: string | undefined,
  { range, overCredit }: { range: string; overCredit: string },
): Resolver<WithdrawFormInput, unknown, CreateWithdrawalBody> =>
  zodResolver(
    withdrawFormSchema.extend({
      amount: typedAmountSchema('THB')
        .refine((v) => withinBounds(v, bounds), range)
        .refine((v) => credit === undefined || toMinor(v, 'THB') <= toMinor(credit, 'THB'), overCredit),
    }),
  );
