import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProviderId } from '@app/contracts';
import { errorKey } from '@/components/ui/toast-store';
import { formatMoney } from '@/lib/format';
import { useCredit } from '@/lib/api/get-credit';

/** The player's credit now at the provider chosen in a form (deposit, withdraw), with an optional action beside it. */
export function ProviderCredit({
  provider,
  testId = 'provider-credit',
  children,
}: {
  provider: ProviderId;
  testId?: string;
  children?: (amount: string) => ReactNode;
}) {
  const { t } = useTranslation(['wallet', 'errors']);
  const credit = useCredit(provider);
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-lg bg-slate-800/70 px-3 py-2 text-sm">
      <span className="text-slate-400">{t('credit.at', { provider: t(`providers.${provider}`) })}</span>
      <span className="flex items-center gap-3">
        <strong className="text-white tabular-nums" data-testid={testId}>
          {credit.isPending ? '…' : credit.isError ? t(errorKey(credit.error)) : formatMoney(credit.data.credit.amount, 'THB')}
        </strong>
        {credit.data ? children?.(credit.data.credit.amount) : null}
      </span>
    </div>
  );
}
