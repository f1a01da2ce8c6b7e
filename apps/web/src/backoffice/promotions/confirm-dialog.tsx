import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseMutationResult } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { CallError } from '../components/call-error';

interface ConfirmDialogProps<V> {
  /** the change, run on confirmation only; the dialog closes when it succeeds and shows why when it fails */
  mutation: UseMutationResult<unknown, unknown, V>;
  variables: V;
  /** the button that opens the dialog, and the confirming one (both danger) */
  open: string;
  confirm: string;
  title: string;
  /** what will happen, in words */
  description: string;
  /** test ids: `${testId}` opens, `${testId}-confirm` confirms, `${testId}-error` the failure */
  testId: string;
}

/** A change that cannot be undone (deactivate, cancel a usage), confirmed in a second step. */
export function ConfirmDialog<V>({ mutation, variables, open: openLabel, confirm, title, description, testId }: ConfirmDialogProps<V>) {
  const { t } = useTranslation('promotions');
  const [open, setOpen] = useState(false);
  const change = (next: boolean) => {
    setOpen(next);
    if (!next) mutation.reset();
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      <Button variant="danger" size="sm" onClick={() => setOpen(true)} data-testid={testId}>
        {openLabel}
      </Button>
      <DialogContent title={title} description={description}>
        <CallError error={mutation.error} testId={`${testId}-error`} />
        <DialogFooter>
          <Button variant="outline" onClick={() => change(false)}>
            {t('actions.back')}
          </Button>
          <Button
            variant="danger"
            loading={mutation.isPending}
            disabled={mutation.isPending}
            onClick={() => mutation.mutate(variables, { onSuccess: () => change(false) })}
            data-testid={`${testId}-confirm`}
          >
            {confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
