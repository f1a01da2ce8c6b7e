import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PromotionUsage } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast-store';
import { newAttemptKey } from '@/lib/attempt-key';
import { useCancelUsage } from '../api/mutations';
import { usageErrorText } from '../lib/usage-error';

/**
 * "Cancel" on a held usage, asked first: from USED the bonus is taken back from the credit
 * (DESIGN.md §8), which the dialog says before the player confirms.
 */
export function CancelUsageButton({ usage, size = 'sm' }: { usage: Pick<PromotionUsage, 'id' | 'status'>; size?: 'sm' | 'md' }) {
  const { t } = useTranslation(['promotion', 'errors', 'wallet']);
  const [open, setOpen] = useState(false);
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
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          title={t('cancel_confirm.title')}
          description={t(usage.status === 'USED' ? 'cancel_confirm.description_USED' : 'cancel_confirm.description_ACTIVE')}
        >
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">{t('cancel_confirm.keep')}</Button>
            </DialogClose>
            <Button variant="danger" loading={cancel.isPending} onClick={onConfirm} data-testid="cancel-usage-confirm">
              {t('cancel_confirm.confirm')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
