import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProviderId } from '@app/contracts';
import { Spinner } from '@/components/ui/spinner';
import { useCredit } from '@/lib/api/get-credit';
import { CreditAmount } from './credit-amount';

/** A compact credit at one provider, for the player's home; `action` is what the tile leads to. */
export function CreditTile({ provider, action }: { provider: ProviderId; action?: ReactNode }) {
  const { t } = useTranslation('wallet');
  const credit = useCredit(provider);
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-800 bg-slate-900 p-4" data-testid={`credit-${provider}`}>
      <span className="text-sm text-slate-300">{t(`providers.${provider}`)}</span>
      {credit.isPending ? (
        <Spinner className="h-5 w-5" />
      ) : credit.isError ? (
        <span className="text-sm text-red-300">{t('credit.unavailable')}</span>
      ) : (
        <CreditAmount amount={credit.data.credit.amount} currency={credit.data.credit.currency} className="text-lg" />
      )}
      {action}
    </li>
  );
}
