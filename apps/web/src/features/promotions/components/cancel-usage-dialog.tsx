import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PromotionUsage } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { newAttemptKey } from '@/lib/attempt-key';
import { useCancelUsage } from '../api/mutations';
import { usageErrorText } from '../lib/usage-error';

// Radix's dialog comes when the question is first asked, not with the deposit page that shows this button (docs/decisions/077)
const CancelUsageConfirm = lazy(() => import('./cancel-usage-confirm'));

/**
 * "Cancel" on a held usage, asked first: from USED the bonus is taken back from the credit
 * (DESIGN.md §8), which the dialog says before the player confirms.
 */
export function CancelUsageButton({ usage, size = 'sm' }: { usage: Pick<PromotionUsage, 'id' | 'status'>; size?: 'sm' | 'md' }) {
  const { t } = useTranslation(['promotion', 'errors', 'wallet']);
  const [open, setOpen] = useState(false);
  // mounted from its first opening on (Radix runs its closing)
  const [mounted, setMounted] = useState(false);
  if (open && !mounted) setMounted(true);
  const [key, setKey] = useState(newAttemptKey);
  const cancel = useCancelUsage();
  const onConfirm = () =>
    cancel.mutate(
      { usageId: usage.id, key },
      {
        onSuccess: () => {
          setOpen(false);
          toast({ variant: 'success', title: t('messages.cancelled') });
        },
        onError: (err) => {
          setOpen(false);
          toast({ variant: 'error', title: t('cancel_confirm.failed'), description: usageErrorText(t, err) });
        },
        onSettled: () => setKey(newAttemptKey()),
      },
    );
  return (
    <>
      <Button variant="danger" size={size} onClick={() => setOpen(true)} data-testid="cancel-usage">
        {t('history.cancel')}
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <CancelUsageConfirm status={usage.status} open={open} onOpenChange={setOpen} pending={cancel.isPending} onConfirm={onConfirm} />
        </Suspense>
      )}
    </>
  );
}
