import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { QueueWithdrawal, WithdrawalPlayerResponse } from '@app/contracts';
import { Badge, orderStatusTone } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { CallError } from '@/backoffice/components/call-error';
import { withdrawalPlayerQueryOptions } from '@/backoffice/features/withdrawals/api/get-withdrawal-player';
import { formatDateTime, formatMoney } from '@/lib/format';

const Heading = ({ children }: { children: string }) => (
  <h3 className="text-xs font-semibold tracking-wide text-slate-400 uppercase">{children}</h3>
);

/** The kip account the player has now; a warning when it is not the one this withdrawal is to be paid to. */
function KipAccount({ w, account }: { w: QueueWithdrawal; account: WithdrawalPlayerResponse['bankAccount'] }) {
  const { t } = useTranslation('money');
  const differs = account !== null && (account.accountNumber !== w.accountNumber || account.bank !== w.bank);
  return (
    <div className="flex flex-col gap-1" data-testid="context-account">
      <Heading>{t('context.account')}</Heading>
      {account === null ? (
        <p className="text-sm text-slate-400">{t('context.no_account')}</p>
      ) : (
        <p className="text-sm break-all">
          {account.bank.toUpperCase()} · <span className="font-mono">{account.accountNumber}</span> · {account.accountName}
        </p>
      )}
      {differs && (
        <p
          className="rounded-md border border-amber-500/60 bg-amber-500/10 px-2 py-1 text-sm text-amber-200"
          data-testid="context-account-differs"
        >
          ⚠ {t('context.account_differs')}
        </p>
      )}
    </div>
  );
}

/**
 * What staff judge a withdrawal by, inside the decision dialog (decision 178): the player's latest
 * deposits and withdrawals with their status, the live credit at each provider and the kip account
 * they have now. Asked when the dialog opens, never with the queue.
 */
export function DecisionContext({ w }: { w: QueueWithdrawal }) {
  const { t } = useTranslation('money');
  const ctx = useQuery(withdrawalPlayerQueryOptions(w.id));
  if (ctx.isPending) return <Spinner className="mx-auto mb-4 h-6 w-6" />;
  if (ctx.isError) return <CallError error={ctx.error} testId="context-error" />;
  const { recentOrders, credits, bankAccount } = ctx.data;
  return (
    <div className="mb-4 flex flex-col gap-3 rounded-lg border border-slate-700 bg-slate-800/40 p-3" data-testid="decision-context">
      <KipAccount w={w} account={bankAccount} />
      <div className="flex flex-col gap-1" data-testid="context-credits">
        <Heading>{t('context.credits')}</Heading>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-0.5 text-sm sm:grid-cols-3">
          {credits.map((c) => (
            <div key={c.providerId} className="flex justify-between gap-2">
              <dt className="truncate text-slate-400">{t(`common:providers.${c.providerId}`, { defaultValue: c.providerId })}</dt>
              <dd className="font-mono">{c.amount === null ? t('context.no_answer') : c.amount}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="flex flex-col gap-1">
        <Heading>{t('context.recent')}</Heading>
        {recentOrders.length === 0 ? (
          <p className="text-sm text-slate-400">{t('context.no_orders')}</p>
        ) : (
          <ul className="flex flex-col text-sm" data-testid="context-orders">
            {recentOrders.map((o) => (
              <li
                key={o.id}
                data-kind={o.kind}
                data-status={o.status}
                className="grid grid-cols-[auto_1fr_auto] items-center gap-x-2 border-b border-slate-700/60 py-1 last:border-0"
              >
                <span className={o.kind === 'deposit' ? 'text-emerald-300' : 'text-sky-300'}>{t(`context.kind_${o.kind}`)}</span>
                <span className="min-w-0 truncate text-slate-300">
                  {formatMoney(o.amountLak, 'LAK')} <span className="text-slate-400">· {formatDateTime(o.createdAt)}</span>
                </span>
                <Badge tone={orderStatusTone(o.status)}>{t(`players:order.${o.status}`, { defaultValue: o.status })}</Badge>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
