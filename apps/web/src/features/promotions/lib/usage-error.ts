import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api-client';
import { errorKey } from '@/components/ui/toast-store';

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
    }
  }
  return t(errorKey(err));
}
