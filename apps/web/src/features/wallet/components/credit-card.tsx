import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ProviderId } from '@app/contracts';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { RefreshIcon, WalletIcon } from '@/components/ui/more-icons';
import { Spinner } from '@/components/ui/spinner';
import { errorKey } from '@/components/ui/toast-store';
import { useCredit } from '@/lib/api/get-credit';
import { CreditAmount } from './credit-amount';

/**
 * The player's credit at one provider, asked live each time the card shows (never fresh). With no
 * credit there the player is pointed at the deposit page.
 */
export function CreditCard({ provider }: { provider: ProviderId }) {
  const { t } = useTranslation('wallet');
  const credit = useCredit(provider);
  const empty = credit.data !== undefined && /^0+(\.0+)?$/.test(credit.data.credit.amount);
  return (
    <Card className="mb-4 flex flex-wrap items-center gap-4" data-testid="credit-card">
      <WalletIcon className="h-8 w-8 text-amber-300" aria-hidden="true" />
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="text-sm text-slate-300">{t('credit.at', { provider: t(`providers.${provider}`) })}</span>
        {credit.isPending ? (
          <Spinner className="my-1 h-6 w-6" />
        ) : credit.isError ? (
          <span role="alert" className="text-sm text-red-300">
            {t('credit.unavailable')} · {t(errorKey(credit.error))}
          </span>
        ) : (
          <CreditAmount amount={credit.data.credit.amount} currency={credit.data.credit.currency} className="text-2xl" />
        )}
      </div>
      <Button variant="ghost" size="icon" onClick={() => credit.refetch()} aria-label={t('credit.refresh')} disabled={credit.isFetching}>
        <RefreshIcon className={credit.isFetching ? 'h-5 w-5 animate-spin' : 'h-5 w-5'} />
      </Button>
      {empty && (
        <div className="flex w-full flex-wrap items-center justify-between gap-2 rounded-lg bg-amber-400/10 px-3 py-2 text-sm text-amber-200">
          <span>{t('games.deposit_first')}</span>
          <Link to="/player/deposit" search={{ provider }} className={buttonClass('primary', 'sm')} data-testid="credit-deposit">
            {t('home.deposit')}
          </Link>
        </div>
      )}
    </Card>
  );
}
