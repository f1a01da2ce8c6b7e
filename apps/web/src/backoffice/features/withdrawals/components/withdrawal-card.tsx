import type { ReactNode } from 'react';
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
import { FraudSignals, SignalsBadge } from '@/backoffice/components/fraud-signals/fraud-signals';
import { CopyButton } from '@/backoffice/components/copy-button';

/** The kip to send as a bank app takes it: whole kip, digits only, no grouping ("1,234,000.00" → "1234000"). */
export const kipToSend = (amount: string) => amount.replace(/[^0-9.]/g, '').replace(/\..*$/, '');

/** A value staff type into their bank app, with its copy button beside it. */
function Copyable({ value, what, testId, children }: { value: string; what: string; testId: string; children: ReactNode }) {
  return (
    <span className="inline-flex flex-wrap items-center justify-end gap-2">
      <span className="break-all">{children}</span>
      <CopyButton value={value} what={what} testId={testId} />
    </span>
  );
}

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
        <Copyable value={kipToSend(w.amountReceived)} what={t('queue.copy_amount')} testId="copy-amount">
          <strong className="text-base text-amber-300">{formatDecimal(w.amountReceived, 0)} LAK</strong>
        </Copyable>
      </DetailRow>
      <DetailRow label={t('queue.bank')}>
        <Copyable value={w.accountNumber} what={t('queue.copy_account')} testId="copy-account">
          {w.bank.toUpperCase()} · <span className="font-mono">{w.accountNumber}</span>
        </Copyable>
      </DetailRow>
      <DetailRow label={t('queue.account_name')}>
        <Copyable value={w.accountName} what={t('queue.copy_name')} testId="copy-name">
          {w.accountName}
        </Copyable>
      </DetailRow>
    </dl>
  );
}

/** The withdrawal's fields and its player's fraud signals, the others named (decision 164). */
function Detail({ id, canDecide }: { id: string; canDecide: boolean }) {
  const { t } = useTranslation('signals');
  const detail = useQuery(withdrawalDetailQueryOptions(id));
  if (detail.isPending) return <Spinner className="mx-auto h-6 w-6" />;
  if (detail.isError) return <CallError error={detail.error} />;
  const { withdrawal } = detail.data;
  return (
    <div className="flex flex-col gap-4" data-testid="withdrawal-detail">
      <WithdrawalFields w={withdrawal} />
      <h3 className="text-sm font-semibold text-slate-200">{t('heading')}</h3>
      <FraudSignals playerId={withdrawal.playerId} canDecide={canDecide} />
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
      <SignalsBadge signals={w.signals} />
      <TwoApprovalsNote w={w} />
      <div className="flex flex-wrap gap-2">
        <Dialog>
          <DialogTrigger asChild>
            <Button variant="outline" size="sm">
              {t('queue.details')}
            </Button>
          </DialogTrigger>
          <DialogContent title={t('queue.details_title', { code: w.transactionCode })}>
            <Detail id={w.id} canDecide={canDecide} />
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
