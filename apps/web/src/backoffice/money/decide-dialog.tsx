import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueueWithdrawal } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { CallError } from '../components/call-error';
import { useDecideWithdrawal } from './api';
import { formatLak } from '../lib/format';

const MAX = { approve: 128, reject: 500 } as const;

/**
 * Approve (with the bank's reference of the transfer staff made) or reject (with the reason the player
 * will read in their history). Two steps: the value, then a confirmation that says what will happen;
 * the confirm button is disabled while the call runs, and the server answers a repeat alike anyway.
 */
export function DecideDialog({ w, action }: { w: QueueWithdrawal; action: 'approve' | 'reject' }) {
  const { t, i18n } = useTranslation('money');
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [missing, setMissing] = useState(false);
  const decide = useDecideWithdrawal(w.id);
  const trimmed = value.trim();
  const amount = `${formatLak(w.amountReceived, i18n.language)} LAK`;

  const reset = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setValue('');
      setConfirming(false);
      setMissing(false);
      decide.reset();
    }
  };
  const submit = () => {
    if (decide.isPending) return;
    decide.mutate(action === 'approve' ? { action, bankReference: trimmed } : { action, reason: trimmed }, {
      onSuccess: () => reset(false),
    });
  };

  return (
    <Dialog open={open} onOpenChange={reset}>
      <Button variant={action === 'approve' ? 'primary' : 'danger'} size="sm" onClick={() => setOpen(true)} data-testid={`queue-${action}`}>
        {t(`decide.${action}`)}
      </Button>
      <DialogContent title={t(`decide.${action}_title`, { code: w.transactionCode })} description={t(`decide.${action}_hint`, { amount })}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!confirming) {
              if (!trimmed) return setMissing(true);
              return setConfirming(true);
            }
            submit();
          }}
          className="flex flex-col gap-3"
        >
          {!confirming ? (
            <Field label={t(`decide.${action}_field`)} error={missing ? t(`decide.${action}_required`) : undefined}>
              <Input
                value={value}
                maxLength={MAX[action]}
                autoComplete="off"
                onChange={(e) => {
                  setValue(e.target.value);
                  setMissing(false);
                }}
                data-testid={`decide-${action}-input`}
              />
            </Field>
          ) : (
            <p className="rounded-lg border border-slate-700 bg-slate-800/60 p-3 text-sm" data-testid="decide-confirm-text">
              {t(`decide.${action}_confirm`, { code: w.transactionCode, amount, player: w.playerUsername, value: trimmed })}
            </p>
          )}
          <CallError error={decide.error} testId="decide-error" />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => (confirming && !decide.isPending ? setConfirming(false) : reset(false))}>
              {confirming ? t('decide.back') : t('decide.cancel')}
            </Button>
            <Button
              type="submit"
              variant={action === 'approve' ? 'primary' : 'danger'}
              loading={decide.isPending}
              disabled={decide.isPending}
              data-testid={confirming ? `decide-${action}-confirm` : `decide-${action}-next`}
            >
              {confirming ? t(`decide.${action}_do`) : t('decide.next')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
