import { Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DepositOrder } from '@app/contracts';
import { BankLogo } from '@/components/ui/bank-logo';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorKey, toast } from '@/components/ui/toast-store';
import { formatMoney } from '@/lib/format';
import { useScrollIntoView } from '@/lib/use-scroll-into-view';
import { usePromotionUsing } from '@/lib/api/get-promotion-using';
import { useDepositQr } from '../api/get-deposit-qr';
import { depositBonus } from '../lib/bonus-preview';
import { useCancelDeposit, useCheckDeposit } from '../api/mutations';
import { copyText } from '@/lib/copy-text';
import { mmss, useCountdown } from './use-countdown';
import { whenIdle } from '@/lib/when-idle';

// the closing dialog (Radix's dialog with its focus trap and scroll lock) is not needed to show the QR:
// its code comes once the page is idle, and is waited for only if the player closes before that (docs/decisions/077)
const loadCloseDialog = () => import('./close-deposit-dialog').then((m) => ({ default: m.CloseDepositDialog }));
const CloseDepositDialog = lazy(loadCloseDialog);

/** The QR to scan with amount, bank, a countdown, the check button and the close button (SPEC.md §8 dialog). */
export function DepositQr({ order }: { order: DepositOrder }) {
  const { t } = useTranslation(['deposit', 'common', 'wallet', 'errors']);
  const qr = useDepositQr(order.id);
  // the promotion taken at this provider adds its bonus when the order is paid
  const bonus = depositBonus(order.credit, order.providerId, usePromotionUsing().data);
  const check = useCheckDeposit();
  const cancel = useCancelDeposit();
  const [closing, setClosing] = useState(false);
  // mounted from its first opening on and kept mounted, so that Radix runs its closing
  const [closeMounted, setCloseMounted] = useState(false);
  if (closing && !closeMounted) setCloseMounted(true);
  useEffect(() => whenIdle(() => void loadCloseDialog().catch(() => undefined)), []);
  const seconds = useCountdown(order.expiresAt);
  // the QR and its buttons in view when it appears, not the footer the form's submit left on screen
  const card = useScrollIntoView<HTMLDivElement>('start');

  const onSave = async () => {
    if (!qr.data) return;
    try {
      // drawn when the player saves it: its code is not part of the page's first load
      const { qrPng, saveOrShare } = await import('../lib/qr-image');
      const how = await saveOrShare(await qrPng(qr.data.svg, `LAOQR-${order.transactionCode}.png`));
      if (how === 'saved') toast({ variant: 'success', title: t('qr.saved') });
    } catch {
      toast({ variant: 'error', title: t('qr.save_failed') });
    }
  };
  const onCopy = async () =>
    toast(
      (await copyText(order.transactionCode))
        ? { variant: 'success', title: t('qr.copied') }
        : { variant: 'error', title: t('qr.copy_failed') },
    );

  const onCheck = () =>
    check.mutate(order.id, {
      onError: (err) => toast({ variant: 'error', title: t('qr.not_paid_title'), description: t(errorKey(err)) }),
    });
  const onCancelOrder = () =>
    cancel.mutate(order.id, {
      onSuccess: ({ order: after }) => {
        setClosing(false);
        if (after.status === 'CANCELED') toast({ title: t('close.canceled') });
      },
      onError: (err) => toast({ variant: 'error', title: t('close.cancel_failed'), description: t(errorKey(err)) }),
    });

  return (
    <Card ref={card} className="flex scroll-mt-20 flex-col items-center gap-4 text-center" data-testid="deposit-qr">
      <p className="text-sm text-slate-300">{t('qr.scan')}</p>
      <div className="w-full max-w-72 rounded-xl bg-white p-2">
        {qr.data ? (
          <img
            src={`data:image/svg+xml;utf8,${encodeURIComponent(qr.data.svg)}`}
            alt={t('qr.alt', { code: order.transactionCode })}
            className="h-auto w-full"
          />
        ) : (
          <div className="flex aspect-square items-center justify-center">
            {qr.isError ? <span className="text-sm text-red-700">{t(errorKey(qr.error))}</span> : <Spinner className="h-8 w-8" />}
          </div>
        )}
      </div>
      <div className="flex w-full flex-col gap-2 sm:flex-row sm:flex-wrap [&>*]:sm:flex-1">
        <Button size="lg" className="w-full" loading={check.isPending} onClick={onCheck}>
          {t('qr.check')}
        </Button>
        <Button size="lg" variant="secondary" className="w-full" disabled={!qr.data} onClick={() => void onSave()} data-testid="qr-save">
          {t('qr.save')}
        </Button>
        <Button size="lg" variant="outline" className="w-full" onClick={() => setClosing(true)}>
          {t('qr.close')}
        </Button>
      </div>
      <dl className="grid w-full grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-left text-sm">
        <dt className="text-slate-400">{t('qr.amount')}</dt>
        <dd className="text-lg font-semibold text-white" data-testid="qr-amount">
          {formatMoney(order.amount, order.currency)}
        </dd>
        <dt className="text-slate-400">{t('qr.credit')}</dt>
        <dd className="text-slate-100">{formatMoney(order.credit, order.creditCurrency)}</dd>
        {bonus === null ? null : (
          <>
            <dt className="text-slate-400">{t('qr.bonus')}</dt>
            <dd className="text-emerald-300" data-testid="qr-bonus">
              + {formatMoney(bonus, 'THB')}
            </dd>
          </>
        )}
        <dt className="text-slate-400">{t('qr.bank')}</dt>
        <dd className="flex items-center gap-2 text-slate-100">
          <BankLogo bank={order.bank} className="h-6 w-6" />
          {t(`common:banks.${order.bank}`)}
        </dd>
        <dt className="text-slate-400">{t('qr.provider')}</dt>
        <dd className="text-slate-100">{t(`wallet:providers.${order.providerId}`)}</dd>
        <dt className="text-slate-400">{t('qr.code')}</dt>
        <dd className="flex items-center gap-2 font-mono text-slate-100">
          <span data-testid="qr-code">{order.transactionCode}</span>
          <Button size="sm" variant="ghost" onClick={() => void onCopy()} data-testid="qr-copy">
            {t('qr.copy')}
          </Button>
        </dd>
        <dt className="text-slate-400">{t('qr.expires_in')}</dt>
        <dd className={seconds > 60 ? 'font-mono text-slate-100' : 'font-mono text-red-300'}>
          {/* the role on a span: a dd with a role leaves the list (axe: definition-list) */}
          <span role="timer" aria-live="off" data-testid="qr-countdown">
            {seconds > 0 ? mmss(seconds) : t('qr.expired')}
          </span>
        </dd>
      </dl>
      {qr.data && (
        <details className="w-full text-left text-xs text-slate-400">
          <summary className="cursor-pointer">{t('qr.payload')}</summary>
          <code className="mt-1 block break-all text-slate-300" data-testid="qr-payload">
            {qr.data.payload}
          </code>
        </details>
      )}
      {closeMounted && (
        <Suspense fallback={null}>
          <CloseDepositDialog
            open={closing}
            onOpenChange={setClosing}
            onCheck={onCheck}
            onCancelOrder={onCancelOrder}
            canceling={cancel.isPending}
          />
        </Suspense>
      )}
    </Card>
  );
}
