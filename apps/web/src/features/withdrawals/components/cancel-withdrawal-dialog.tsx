import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '@/components/ui/dialog';

/** Cancelling a withdrawal asks first: the credit goes back to the provider. */
export function CancelWithdrawalDialog({
  open,
  onOpenChange,
  onConfirm,
  canceling,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  canceling: boolean;
}) {
  const { t } = useTranslation('withdraw');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('cancel_confirm.title')} description={t('cancel_confirm.description')}>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">{t('cancel_confirm.keep')}</Button>
          </DialogClose>
          <Button variant="danger" loading={canceling} onClick={onConfirm}>
            {t('cancel_confirm.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
