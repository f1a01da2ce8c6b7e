import { useTranslation } from 'react-i18next';
import type { PromotionUsage } from '@app/contracts';
import { PagedHistory } from '@/components/ui/paged-history';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useUsages } from '../api/get-usages';
import { CancelUsageButton } from './cancel-usage-dialog';
import { UsageStatusBadge } from './usage-status-badge';

const TO = '/player/promotion/history';

/** /player/promotion/history: the player's usages, newest first, paged; a held one (taken, in use) can be cancelled. */
export function PromotionHistory({ page, pageSize }: { page: number; pageSize: number }) {
  const { t } = useTranslation(['promotion', 'wallet', 'errors']);
  const list = useUsages(page, pageSize);
  return (
    <PagedHistory ns="promotion" to={TO} start="/player/promotion" testId="promotion-history" list={list} page={page} pageSize={pageSize}>
      {(items) => (
        <ul className="flex flex-col gap-3" aria-label={t('history.caption')}>
          {items.map((u) => (
            <UsageRow key={u.id} usage={u} />
          ))}
        </ul>
      )}
    </PagedHistory>
  );
}

function UsageRow({ usage }: { usage: PromotionUsage }) {
  const { t } = useTranslation(['promotion', 'wallet']);
  const held = usage.status === 'ACTIVE' || usage.status === 'USED';
  const facts: [string, string][] = [
    [t('history.provider'), t(`wallet:providers.${usage.providerId}`)],
    [t('history.date'), formatDateTime(usage.createdAt)],
  ];
  if (usage.bonus !== null) facts.push([t('history.bonus'), formatMoney(usage.bonus, 'THB')]);
  if (usage.clawedBack !== null && /[1-9]/.test(usage.clawedBack))
    facts.push([t('history.clawed_back'), formatMoney(usage.clawedBack, 'THB')]);
  return (
    <li
      className="flex flex-col gap-3 rounded-xl border border-slate-800 bg-slate-900/80 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="usage-row"
      data-status={usage.status}
    >
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-white">{usage.promotionName}</span>
          <UsageStatusBadge status={usage.status} />
        </div>
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {facts.map(([label, value]) => (
            <div key={label} className="flex gap-1">
              <dt className="text-slate-400">{label}:</dt>
              <dd className="text-slate-200 tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
      {held ? <CancelUsageButton usage={usage} /> : null}
    </li>
  );
}
