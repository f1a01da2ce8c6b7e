import type { TFunction } from 'i18next';
import type { PromotionRules } from '@app/contracts';
import { toMinor } from '@app/contracts/amounts';
import { ApiError } from '@/lib/api-client';
import { errorKey } from '@/components/ui/toast-store';
import { formatDecimal } from '@/lib/format';

/** The promotion's credit rule and the credit that breaks it (THB wire decimals). */
export type CreditRuleBreach = { threshold: string; credit: string };

/**
 * Whether the credit the player holds at the provider now breaks the promotion's
 * maxCreditBeforeDeposit, as the server will judge it (credit at or above the rule refuses).
 */
export function creditRuleBreach(
  rules: Pick<PromotionRules, 'maxCreditBeforeDeposit'>,
  credit: string | undefined,
): CreditRuleBreach | null {
  if (rules.maxCreditBeforeDeposit === undefined || credit === undefined) return null;
  return toMinor(credit, 'THB') >= toMinor(rules.maxCreditBeforeDeposit, 'THB')
    ? { threshold: rules.maxCreditBeforeDeposit, credit }
    : null;
}

/** The refusal named by its rule and numbers. */
export const creditRuleText = (t: TFunction, breach: CreditRuleBreach) =>
  t('errors:PROMOTION_CREDIT_TOO_HIGH', { threshold: formatDecimal(breach.threshold, 2), credit: formatDecimal(breach.credit, 2) });

/**
 * The text of a refused promotion call. The refusals that SPEC.md §8 words as messages (used at
 * provider {provider}, one at a time, add a bank account, blocked) read as those messages of the
 * contracts; every other code as its errors.json text.
 */
export function usageErrorText(t: TFunction, err: unknown): string {
  if (err instanceof ApiError) {
    switch (err.code) {
      case 'PROMOTION_USED_BY_PROVIDER': {
        const provider = err.fields.providerId;
        return provider
          ? t('promotion:messages.usedByProvider', { provider: t(`wallet:providers.${provider}`) })
          : t('errors:PROMOTION_USED_BY_PROVIDER');
      }
      case 'PROMOTION_ONE_AT_A_TIME':
        return t('promotion:messages.oneAtATime');
      case 'PROMOTION_NEEDS_BANK_ACCOUNT':
        return t('promotion:messages.needsBankAccount');
      case 'PROMOTION_PLAYER_BLOCKED':
        return t('promotion:messages.blocked');
      case 'PROMOTION_CREDIT_TOO_HIGH': {
        const { threshold, credit } = err.fields;
        if (threshold && credit) return creditRuleText(t, { threshold, credit });
        break;
      }
    }
  }
  return t(errorKey(err));
}
