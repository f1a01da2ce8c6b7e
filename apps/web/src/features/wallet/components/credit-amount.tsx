import type { CurrencyCode } from '@app/contracts';
import { cn } from '@/components/ui/cn';
import { DISPLAY_SCALE, formatDecimal } from '@/lib/format';

/** An amount with its currency code, in the Lao number format (SPEC.md §9). */
export function CreditAmount({ amount, currency, className }: { amount: string; currency: CurrencyCode; className?: string }) {
  return (
    <span className={cn('font-semibold text-white tabular-nums', className)} data-testid="credit-amount">
      {formatDecimal(amount, DISPLAY_SCALE[currency])} <span className="text-base font-normal text-slate-300">{currency}</span>
    </span>
  );
}
