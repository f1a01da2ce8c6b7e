import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '@/components/ui/dialog';

/**
 * SPEC.md §8: closing an order warns that a player who already paid should press check first, and
 * that one who cancels after paying must contact staff.
 */
export function CloseDepositDialog({
  open,
  onOpenChange,
  onCheck,
  onCancelOrder,
  canceling,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCheck: () => void;
  onCancelOrder: () => void;
  canceling: boolean;
}) {
  const { t } = useTranslation('deposit');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('close.title')} description={t('close.description')}>
        <ul className="flex list-disc flex-col gap-2 pl-5 text-sm text-amber-200" data-testid="close-warnings">
          <li>{t('close.warning_paid')}</li>
          <li>{t('close.warning_contact')}</li>
        </ul>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary" onClick={onCheck}>
              {t('qr.check')}
            </Button>
          </DialogClose>
          <Button variant="danger" loading={canceling} onClick={onCancelOrder}>
            {t('close.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
