import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DepositResponse, ProviderId } from '@app/contracts';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorKey, toast } from '@/components/ui/toast-store';
import { useDeposit } from '../api/get-deposit';
import { useOpenDeposit } from '../api/get-open-deposit';
import { depositKeys } from '../api/keys';
import { DepositForm } from './deposit-form';
import { DepositQr } from './deposit-qr';
import { DepositResult } from './deposit-result';

/**
 * /player/deposit: the form, then the order it opened (its QR while OPEN, its outcome once paid).
 * An open order is shown again when the player comes back.
 */
export function DepositScreen({ provider }: { provider?: ProviderId }) {
  const { t } = useTranslation(['deposit', 'errors']);
  const queryClient = useQueryClient();
  const open = useOpenDeposit();
  const [orderId, setOrderId] = useState<string | null>(null);
  // the form is back after an order: it brings itself into view (on opening the page it is there already)
  const [afterOrder, setAfterOrder] = useState(false);
  const current = orderId ?? open.data?.id ?? null;

  if (open.isPending && !orderId) {
    return (
      <div className="flex justify-center py-10">
        <Spinner className="h-8 w-8" />
      </div>
    );
  }
  if (open.isError && !orderId) {
    return (
      <Card role="alert" className="text-red-300">
        {t(errorKey(open.error))}
      </Card>
    );
  }
  if (!current) {
    return (
      <DepositForm
        provider={provider}
        afterOrder={afterOrder}
        onCreated={(order) => setOrderId(order.id)}
        onOpenElsewhere={() => void queryClient.invalidateQueries({ queryKey: depositKeys.open })}
      />
    );
  }
  return (
    <DepositOrderView
      id={current}
      // the open order's answer is the order itself: its QR is drawn at once, in the page's first render
      known={open.data ?? undefined}
      onNew={() => {
        // the order is over (settled, canceled or expired): no open order until the form makes one
        queryClient.setQueryData(depositKeys.open, { order: null });
        setOrderId(null);
        setAfterOrder(true);
      }}
    />
  );
}

function DepositOrderView({ id, known, onNew }: { id: string; known?: DepositResponse['order']; onNew: () => void }) {
  const { t } = useTranslation(['deposit', 'errors']);
  const queryClient = useQueryClient();
  const order = useDeposit(id, known);
  const status = order.data?.status;
  const announced = useRef<string | null>(null);

  useEffect(() => {
    if (!status || announced.current === status) return;
    announced.current = status;
    if (status === 'SUCCESS') {
      toast({ variant: 'success', title: t('result.success') });
      // the credit moved: every credit shown is stale now, and a promotion taken for it is in use
      void queryClient.invalidateQueries({ queryKey: ['credits'] });
      void queryClient.invalidateQueries({ queryKey: ['promotions'] });
    } else if (status === 'FAILED') {
      toast({ variant: 'error', title: t('result.failed') });
    } else if (status === 'CANCELED') {
      // canceled by the player or expired: back to the form
      onNew();
    }
    void queryClient.invalidateQueries({ queryKey: ['deposits', 'list'] });
  }, [status, t, queryClient, onNew]);

  if (order.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner className="h-8 w-8" />
      </div>
    );
  }
  if (order.isError) {
    return (
      <Card role="alert" className="text-red-300">
        {t(errorKey(order.error))}
      </Card>
    );
  }
  if (order.data.status === 'OPEN') return <DepositQr order={order.data} />;
  if (order.data.status === 'CANCELED') return null;
  return <DepositResult order={order.data} onNew={onNew} />;
}
