import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Withdrawal } from '@app/contracts';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorKey, toast } from '@/components/ui/toast-store';
import { useOpenWithdrawal } from '../api/get-open-withdrawals';
import { isInProgress, useWithdrawal } from '../api/get-withdrawal';
import { whenIdle } from '@/lib/when-idle';
import { withdrawalKeys } from '../api/keys';
import { useCancelWithdrawal } from '../api/mutations';
import { WithdrawForm } from './withdraw-form';
import { WithdrawalDetails } from './withdrawal-details';

// the cancel dialog (Radix's dialog with its focus trap and scroll lock) is not needed to show the withdrawal:
// its code comes once the page is idle, and is waited for only if the player cancels before that (docs/decisions/180)
const loadCancelDialog = () => import('./cancel-withdrawal-dialog').then((m) => ({ default: m.CancelWithdrawalDialog }));
const CancelWithdrawalDialog = lazy(loadCancelDialog);

/**
 * /player/withdraw: the withdrawal in progress when there is one (one at a time), else the form;
 * after submitting, the order's display fields, following its status while the page is open.
 */
export function WithdrawScreen() {
  const { t } = useTranslation(['withdraw', 'errors']);
  const open = useOpenWithdrawal();
  const [done, setDone] = useState<Withdrawal | null>(null);

  if (open.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner className="h-8 w-8" />
      </div>
    );
  }
  if (open.isError) {
    return (
      <Card role="alert" className="text-red-300">
        {t(errorKey(open.error))}
      </Card>
    );
  }
  const shown = done ?? open.data;
  if (!shown) return <WithdrawForm onCreated={setDone} />;
  return <LiveWithdrawal key={shown.id} shown={shown} onShown={setDone} onNew={() => setDone(null)} />;
}

function LiveWithdrawal({ shown, onShown, onNew }: { shown: Withdrawal; onShown: (w: Withdrawal) => void; onNew: () => void }) {
  const { t } = useTranslation(['withdraw', 'errors']);
  const queryClient = useQueryClient();
  const live = useWithdrawal(shown);
  const cancel = useCancelWithdrawal();
  const [confirming, setConfirming] = useState(false);
  const [dialogMounted, setDialogMounted] = useState(false);
  if (confirming && !dialogMounted) setDialogMounted(true);
  useEffect(() => whenIdle(() => void loadCancelDialog().catch(() => undefined)), []);
  const current = live.data ?? shown;
  const status = current.status;
  const seen = useRef(status);

  useEffect(() => {
    if (seen.current === status) return;
    const was = seen.current;
    seen.current = status;
    if (!isInProgress(was) || isInProgress(status)) return;
    // over while the player watched: the open order, the histories and the credits are stale now
    queryClient.setQueryData(withdrawalKeys.open, { items: [] });
    onShown(current);
    void queryClient.invalidateQueries({ queryKey: [...withdrawalKeys.all, 'list'] });
    void queryClient.invalidateQueries({ queryKey: ['credits'] });
    if (status === 'SUCCESS') toast({ variant: 'success', title: t('result.approved') });
    if (status === 'REJECTED') toast({ variant: 'error', title: t('result.rejected'), description: current.rejectReason ?? undefined });
  }, [status, current, onShown, queryClient, t]);

  const onCancel = () =>
    cancel.mutate(current.id, {
      onSuccess: ({ withdrawal }) => {
        setConfirming(false);
        queryClient.setQueryData(withdrawalKeys.one(withdrawal.id), { withdrawal });
        seen.current = withdrawal.status;
        onShown(withdrawal);
        toast({ variant: 'success', title: t('result.canceled') });
      },
      onError: (err) => {
        setConfirming(false);
        // decided meanwhile (approved, rejected): show it as it is now
        void live.refetch();
        toast({ variant: 'error', title: t('result.cancel_failed'), description: t(errorKey(err)) });
      },
    });
  return (
    <WithdrawalDetails
      withdrawal={current}
      actions={
        <>
          {current.status === 'OPEN' ? (
            <Button variant="danger" onClick={() => setConfirming(true)}>
              {t('result.cancel')}
            </Button>
          ) : null}
          {!isInProgress(current.status) ? (
            <Button variant="outline" onClick={onNew}>
              {t('result.new')}
            </Button>
          ) : null}
          <Link to="/player/withdraw/history" className={buttonClass('ghost', 'md')}>
            {t('result.history')}
          </Link>
          {dialogMounted && (
            <Suspense fallback={null}>
              <CancelWithdrawalDialog open={confirming} onOpenChange={setConfirming} onConfirm={onCancel} canceling={cancel.isPending} />
            </Suspense>
          )}
        </>
      }
    />
  );
}
