import type { CurrencyRow } from '@app/contracts';
import { fromMinor, parseTypedAmount, toMinor } from '@app/contracts/amounts';
import { convert } from '@app/contracts/convert';

/**
 * The credit (THB, wire decimal) an amount of kip buys at the row's sell rate, exactly as the
 * server prices it (contracts' convert, rounded down); null while the amount is not a valid number.
 */
export function creditPreview(amount: string, rate: CurrencyRow | undefined): string | null {
  if (!rate) return null;
  if (rate.currency !== 'LAK' && rate.currency !== 'THB') return null;
  const read = parseTypedAmount(amount, rate.currency);
  if (!read.ok) return null;
  const minor = toMinor(read.value, rate.currency);
  return fromMinor(convert('DEPOSIT', minor, rate), 'THB');
}

export { newAttemptKey } from '@/lib/attempt-key';
