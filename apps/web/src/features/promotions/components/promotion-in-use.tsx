import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Promotion, PromotionUsage } from '@app/contracts';
import { toMinor } from '@app/contracts/amounts';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorKey, toast } from '@/components/ui/toast-store';
import { useCredit } from '@/lib/api/get-credit';
import { newAttemptKey } from '@/lib/attempt-key';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useRecheckUsage } from '../api/mutations';
import { useFreshTurnover } from '../lib/use-fresh-turnover';
import { CancelUsageButton } from './cancel-usage-dialog';
import { ProgressRow } from './progress-row';
import { RuleList } from './rule-list';
import { UsageStatusBadge } from './usage-status-badge';

/**
 * The promotion the player holds, pinned on top of the list and beside the withdraw form: where it
 * stands (taken, or in use with its bonus), its progress toward a withdrawal (turnover since the
 * bonus, credit toward the target) and what to do next.
 */
export function PromotionInUse({
  usage,
  promotion,
  showRules = false,
  actions = true,
}: {
  usage: PromotionUsage;
  promotion: Promotion;
  showRules?: boolean;
  actions?: boolean;
}) {
  const { t } = useTranslation(['promotion', 'wallet', 'errors']);
  const credit = useCredit(usage.providerId);
  const recheck = useRecheckUsage();
  const fresh = useFreshTurnover(usage, actions);
  const target = promotion.rules.targetCredit;
  const creditNow = credit.data?.credit.amount;
  const rows: [string, ReactNode][] = [[t('in_use.provider'), t(`wallet:providers.${usage.providerId}`)]];
  if (usage.depositCredit !== null) rows.push([t('in_use.deposit_credit'), formatMoney(usage.depositCredit, 'THB')]);
  if (usage.bonus !== null) rows.push([t('in_use.bonus'), formatMoney(usage.bonus, 'THB')]);

  return (
    <Card className="border-amber-400/60" data-testid="promotion-in-use" data-status={usage.status}>
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="text-xs font-semibold tracking-wide text-amber-300 uppercase">{t('in_use.title')}</p>
          <h2 className="text-lg font-semibold text-white">{promotion.name}</h2>
          <p className="text-sm text-slate-300">{t(`in_use.status_${usage.status}`)}</p>
        </div>
        <UsageStatusBadge status={usage.status} />
      </div>
      <dl className="mb-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value], i) => (
          <div key={i} className="contents">
            <dt className="text-slate-400">{label}</dt>
            <dd className="text-right text-white tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {usage.status === 'ACTIVE' && usage.expiresAt ? (
        <p className="mb-3 text-xs text-slate-400">{t('in_use.expires', { date: formatDateTime(usage.expiresAt) })}</p>
      ) : null}
      {usage.status === 'USED' ? (
        <div className="mb-3 flex flex-col gap-3">
          {usage.turnoverRequired !== null ? (
            <ProgressRow
              testId="turnover-progress"
              label={t('in_use.turnover')}
              value={
                usage.turnover === null
                  ? t('in_use.turnover_unchecked')
                  : t('in_use.turnover_value', {
                      turnover: formatMoney(usage.turnover, 'THB'),
                      required: formatMoney(usage.turnoverRequired, 'THB'),
                    })
              }
              done={usage.turnover === null ? 0n : toMinor(usage.turnover, 'THB')}
              required={toMinor(usage.turnoverRequired, 'THB')}
            />
          ) : null}
          {target !== undefined ? (
            <ProgressRow
              testId="target-progress"
              label={t('in_use.target_credit')}
              value={`${creditNow === undefined ? '…' : formatMoney(creditNow, 'THB')} / ${formatMoney(target, 'THB')}`}
              done={creditNow === undefined ? 0n : toMinor(creditNow, 'THB')}
              required={toMinor(target, 'THB')}
            />
          ) : null}
        </div>
      ) : null}
      {showRules ? (
        <div className="mb-3">
          <RuleList rules={promotion.rules} />
        </div>
      ) : null}
      {actions ? (
        <div className="flex flex-wrap gap-2">
          {usage.status === 'ACTIVE' ? (
            <Link to="/player/deposit" search={{ provider: usage.providerId }} className={buttonClass('primary', 'sm')}>
              {t('in_use.deposit')}
            </Link>
          ) : (
            <Button
              variant="outline"
              size="sm"
              loading={recheck.isPending || fresh.isPending}
              data-testid="recheck-usage"
              onClick={() =>
                recheck.mutate(newAttemptKey(), {
                  onSuccess: ({ usage: u }) =>
                    toast({ variant: 'success', title: u.status === 'SUCCESS' ? t(`status.SUCCESS`) : t('in_use.rechecked') }),
                  onError: (err) => toast({ variant: 'error', title: t('in_use.recheck'), description: t(errorKey(err)) }),
                })
              }
            >
              {t('in_use.recheck')}
            </Button>
          )}
          <CancelUsageButton usage={usage} />
        </div>
      ) : null}
    </Card>
  );
}
