import { useMemo } from 'react';
import { toMinor, type TypedAmountCurrency } from '@app/contracts/amounts';
import { useAgency } from '@/lib/api/use-agency';
import { formatMoney } from '@/lib/format';

export interface AmountBounds {
  min: string;
  max: string;
  currency: TypedAmountCurrency;
}

/**
 * The agency's bounds for a deposit (whole kip) or a withdrawal (THB credit), the ones the server
 * holds the order to: shown next to the amount before typing and named in the range error.
 */
export function useAmountBounds(kind: 'deposit' | 'withdraw'): AmountBounds {
  const { limits } = useAgency();
  // one object while the agency's answer is the same, so that a form's resolver built on it is kept
  return useMemo<AmountBounds>(
    () =>
      kind === 'deposit'
        ? { min: limits.depositMinLak, max: limits.depositMaxLak, currency: 'LAK' }
        : { min: limits.withdrawMinThb, max: limits.withdrawMaxThb, currency: 'THB' },
    [kind, limits],
  );
}

/** Whether an amount already read by the typed-amount parser (a plain decimal) is within the bounds. */
export function withinBounds(value: string, { min, max, currency }: AmountBounds): boolean {
  const minor = toMinor(value, currency);
  return minor >= toMinor(min, currency) && minor <= toMinor(max, currency);
}

/** `{ min: '20.000 LAK', max: '50.000.000 LAK' }`, for the texts that name the bounds. */
export function boundsText({ min, max, currency }: AmountBounds): { min: string; max: string } {
  return { min: formatMoney(min, currency), max: formatMoney(max, currency) };
}
