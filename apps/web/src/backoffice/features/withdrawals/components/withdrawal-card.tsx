import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { QueueWithdrawal } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { CallError } from '@/backoffice/components/call-error';
import { withdrawalDetailQueryOptions } from '@/backoffice/features/withdrawals/api/get-withdrawal';
import { DecideDialog } from './decide-dialog';
import { TwoApprovalsNote } from './two-approvals-note';
import { formatDateTime, formatDecimal, formatMoney } from '@/lib/format';
import { DetailRow } from '@/backoffice/components/detail-row';

/** SPEC §3's display fields of a withdrawal, as the player sees them, plus what staff pay to. */
export function WithdrawalFields({ w }: { w: QueueWithdrawal }) {
  const { t } = useTranslation('money');
  return (
    <dl className="flex flex-col gap-1 text-sm">
      <DetailRow label={t('queue.total')}>{formatMoney(w.totalCredit, 'THB')}</DetailRow>
      <DetailRow label={t('queue.received')}>{formatMoney(w.creditReceived, 'THB')}</DetailRow>
      {w.creditReturned !== '0.00' && <DetailRow label={t('queue.returned')}>{formatMoney(w.creditReturned, 'THB')}</DetailRow>}
      {w.promoCredit !== '0.00' && <DetailRow label={t('queue.deducted')}>{formatMoney(w.promoCredit, 'THB')}</DetailRow>}
      <DetailRow label={t('queue.rate')}>{w.rate}</DetailRow>
      <DetailRow label={t('queue.pay')}>
        <strong className="text-base text-amber-300">{formatDecimal(w.amountReceived, 0)} LAK</strong>
      </DetailRow>
      <DetailRow label={t('queue.bank')}>
        {w.bank.toUpperCase()} · {w.accountNumber}
      </DetailRow>
      <DetailRow label={t('queue.account_name')}>{w.accountName}</DetailRow>
    </dl>
  );
}

function Warnings({ w }: { w: QueueWithdrawal }) {
  const { t } = useTranslation('money');
  const { sharedFingerprint, sharedBankAccount } = w.warnings;
  if (sharedFingerprint === 0 && sharedBankAccount === 0) return null;
  const n = (count: number) => (count >= 10 ? '10+' : String(count));
  return (
    <ul
      className="flex flex-col gap-1 rounded-lg border border-amber-500/60 bg-amber-500/10 p-2 text-sm text-amber-200"
      data-testid="queue-warnings"
    >
      {sharedFingerprint > 0 && <li>⚠ {t('queue.warn_fingerprint', { count: sharedFingerprint, n: n(sharedFingerprint) })}</li>}
      {sharedBankAccount > 0 && <li>⚠ {t('queue.warn_bank', { count: sharedBankAccount, n: n(sharedBankAccount) })}</li>}
    </ul>
  );
}

function Sharing({ id }: { id: string }) {
  const { t } = useTranslation('money');
  const detail = useQuery(withdrawalDetailQueryOptions(id));
  if (detail.isPending) return <Spinner className="mx-auto h-6 w-6" />;
  if (detail.isError) return <CallError error={detail.error} />;
  const { withdrawal, sharing } = detail.data;
  return (
    <div className="flex flex-col gap-4" data-testid="withdrawal-detail">
      <WithdrawalFields w={withdrawal} />
      <Warnings w={withdrawal} />
      {sharing.length > 0 && (
        <ul className="flex flex-col gap-1 text-sm" data-testid="sharing-players">
          {sharing.map((p) => (
            <li key={`${p.via}-${p.id}`} className="flex justify-between gap-3">
              <span className="font-medium">{p.username}</span>
              <span className="text-slate-400">{t(`queue.via_${p.via}`)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One waiting withdrawal: who, how much, where to pay, what to watch for; the decisions for those who may. */
export function WithdrawalCard({ w, canDecide }: { w: QueueWithdrawal; canDecide: boolean }) {
  const { t } = useTranslation('money');
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-4" data-testid="queue-row" data-code={w.transactionCode}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-mono text-sm text-slate-300">{w.transactionCode}</p>
          <p className="truncate text-base font-semibold text-white">
            {w.playerUsername} <span className="font-normal text-slate-400">· {w.playerDisplayName}</span>
          </p>
          <p className="text-sm text-slate-400">
            {formatDateTime(w.createdAt)} · {t(`common:providers.${w.providerId}`, { defaultValue: w.providerId })}
          </p>
        </div>
        {w.promotion && (
          <Badge tone="yellow" className="max-w-full truncate" data-testid="queue-promotion">
            {t('queue.promotion', { name: w.promotion.name || w.promotion.code })}
          </Badge>
        )}
      </div>
      <WithdrawalFields w={w} />
      <Warnings w={w} />
      <TwoApprovalsNote w={w} />
      <div className="flex flex-wrap gap-2">
        <Dialog>
          <DialogTrigger asChild>
            <Button variant="outline" size="sm">
              {t('queue.details')}
            </Button>
          </DialogTrigger>
          <DialogContent title={t('queue.details_title', { code: w.transactionCode })}>
            <Sharing id={w.id} />
          </DialogContent>
        </Dialog>
        {canDecide && (
          <>
            <DecideDialog w={w} action="approve" />
            <DecideDialog w={w} action="reject" />
          </>
        )}
      </div>
    </Card>
  );
}
