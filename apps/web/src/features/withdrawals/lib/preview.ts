import type { CurrencyRow, PromotionUsingResponse, ProviderId, WithdrawalSplit } from '@app/contracts';
import { fromMinor, parseTypedAmount, toMinor } from '@app/contracts/amounts';
import { convert } from '@app/contracts/convert';
import { withdrawalSplit } from '@app/contracts/promotion-split';

/**
 * The kip an amount of credit brings at the row's buy rate, exactly as the server prices it
 * (contracts' convert, rounded down); null while the amount is not a valid credit amount.
 */
export function lakPreview(amount: string, rate: CurrencyRow | undefined): string | null {
  if (!rate) return null;
  const read = parseTypedAmount(amount, 'THB');
  if (!read.ok) return null;
  const minor = toMinor(read.value, 'THB');
  return fromMinor(convert('WITHDRAW', minor, rate), 'LAK');
}

/**
 * Under a promotion in use at this provider, what a withdrawal of this amount pays out, returns and
 * deducts: the contracts' withdrawalSplit, the very function the server splits the order with
 * (DESIGN.md §8). Null without such a promotion or while the amount is not a valid credit amount.
 */
export function promotionSplitPreview(
  amount: string,
  providerId: ProviderId,
  using: PromotionUsingResponse | undefined,
  rate: CurrencyRow | undefined,
): WithdrawalSplit | null {
  const usage = using?.usage;
  const rules = using?.promotion?.rules;
  if (!usage || !rules || usage.status !== 'USED' || usage.providerId !== providerId) return null;
  const read = parseTypedAmount(amount, 'THB');
  if (!read.ok) return null;
  const money = { depositCredit: toMinor(usage.depositCredit ?? '0', 'THB'), bonus: toMinor(usage.bonus ?? '0', 'THB') };
  return withdrawalSplit(toMinor(read.value, 'THB'), { rules, money }, rate);
}

export { newAttemptKey } from '@/lib/attempt-key';
