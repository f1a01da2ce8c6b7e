import { useTranslation } from 'react-i18next';
import type { PromotionUsage } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '@/components/ui/dialog';

/** The question before a usage is cancelled (cancel-usage-dialog.tsx loads it when first asked). */
export default function CancelUsageConfirm({
  status,
  open,
  onOpenChange,
  pending,
  onConfirm,
}: {
  status: PromotionUsage['status'];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  onConfirm: () => void;
}) {
  const { t } = useTranslation(['promotion', 'errors', 'wallet']);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('cancel_confirm.title')}
        description={t(status === 'USED' ? 'cancel_confirm.description_USED' : 'cancel_confirm.description_ACTIVE')}
      >
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">{t('cancel_confirm.keep')}</Button>
          </DialogClose>
          <Button variant="danger" loading={pending} onClick={onConfirm} data-testid="cancel-usage-confirm">
            {t('cancel_confirm.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
