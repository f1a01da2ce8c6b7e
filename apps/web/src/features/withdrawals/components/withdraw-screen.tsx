import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Withdrawal } from '@app/contracts';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorKey, toast } from '@/components/ui/toast-store';
import { useOpenWithdrawal } from '../api/get-open-withdrawals';
import { useCancelWithdrawal } from '../api/mutations';
import { WithdrawForm } from './withdraw-form';
import { WithdrawalDetails } from './withdrawal-details';

/**
 * /player/withdraw: the withdrawal in progress when there is one (one at a time), else the form;
 * after submitting, the order's display fields.
 */
export function WithdrawScreen() {
  const { t } = useTranslation(['withdraw', 'errors']);
  const open = useOpenWithdrawal();
  const [done, setDone] = useState<Withdrawal | null>(null);
  const cancel = useCancelWithdrawal();

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
  const current = open.data ?? done;
  if (!current) return <WithdrawForm onCreated={setDone} />;

  const inProgress = current.status === 'PENDING' || current.status === 'OPEN';
  const onCancel = () =>
    cancel.mutate(current.id, {
      onSuccess: ({ withdrawal }) => {
        setDone(withdrawal);
        toast({ variant: 'success', title: t('result.canceled') });
      },
      onError: (err) => toast({ variant: 'error', title: t('result.cancel_failed'), description: t(errorKey(err)) }),
    });
  return (
    <WithdrawalDetails
      withdrawal={current}
      actions={
        <>
          {current.status === 'OPEN' ? (
            <Button variant="danger" loading={cancel.isPending} onClick={onCancel}>
              {t('result.cancel')}
            </Button>
          ) : null}
          {!inProgress ? (
            <Button variant="outline" onClick={() => setDone(null)}>
              {t('result.new')}
            </Button>
          ) : null}
          <Link to="/player/withdraw/history" className={buttonClass('ghost', 'md')}>
            {t('result.history')}
          </Link>
        </>
      }
    />
  );
}
