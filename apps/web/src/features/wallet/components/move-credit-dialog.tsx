import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toMinor } from '@app/contracts/amounts';
import type { CreateCreditMoveBody, CreditMove, ProviderId } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { CheckCircleIcon } from '@/components/ui/more-icons';
import { Input } from '@/components/ui/input';
import { ProviderSelectField } from '@/components/ui/provider-select-field';
import { Spinner } from '@/components/ui/spinner';
import { errorKey } from '@/components/ui/toast-store';
import { ApiError } from '@/lib/api-client';
import { newAttemptKey } from '@/lib/attempt-key';
import { useCredit } from '@/lib/api/get-credit';
import { formatMoney } from '@/lib/format';
import { MOVE_FINAL, useCreateCreditMove, useCreditMove } from '../api/credit-moves';
import { loadMoveTexts } from '../move-texts/load';

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

/**
 * Credit moved from one provider to another in one step (decision 176): from, to, the
 * amount (the credit there shown, "all" fills it), then where the credit ended, followed while the
 * providers answer. Loaded, with its texts, only when the player opens it.
 */
export default function MoveCreditDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, i18n } = useTranslation(['move', 'wallet', 'errors']);
  const [, setTexts] = useState(0);
  useEffect(() => void loadMoveTexts(i18n.language).then(() => setTexts((n) => n + 1)), [i18n.language]);
  const [key, setKey] = useState(newAttemptKey);
  const [made, setMade] = useState<CreditMove>();
  const create = useCreateCreditMove();
  const move = useCreditMove(made).data;
  const form = useForm<CreateCreditMoveBody>({ defaultValues: { fromProviderId: 'gclub', toProviderId: 'alphabet', amount: '' } });
  const from = useWatch({ control: form.control, name: 'fromProviderId' });
  const credit = useCredit(from as ProviderId).data?.credit.amount;
  const name = (p: string) => t(`wallet:providers.${p}`);
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit((body) => {
    const amount = body.amount.trim();
    if (body.fromProviderId === body.toProviderId) return form.setError('toProviderId', { message: t('validation.same_provider') });
    if (!AMOUNT.test(amount) || toMinor(amount, 'THB') <= 0n) return form.setError('amount', { message: t('validation.amount_invalid') });
    if (credit !== undefined && toMinor(amount, 'THB') > toMinor(credit, 'THB'))
      return form.setError('amount', { message: t('validation.over_credit', { amount: formatMoney(credit, 'THB') }) });
    create.mutate({ body: { ...body, amount }, key }, { onSuccess: (r) => setMade(r.move) });
  });

  const again = () => {
    setMade(undefined);
    setKey(newAttemptKey());
    create.reset();
    form.reset({ ...form.getValues(), amount: '' });
  };
  // a move's own refusals are said in full here, with their numbers; any other as everywhere else
  const refusal = create.error instanceof ApiError ? create.error : undefined;
  const refusalText = !create.error
    ? null
    : refusal?.code.startsWith('MOVE_')
      ? t(`refusal.${refusal.code}`, {
          available: formatMoney(refusal.fields.available ?? '', 'THB'),
          provider: refusal.fields.providerId ? name(refusal.fields.providerId) : '',
        })
      : t(errorKey(create.error));

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('title')} description={t('description')} returnFocusTo='[data-testid="move-credit"]'>
        {move ? (
          <div className="flex flex-col items-center gap-3 text-center" data-testid="move-result" data-status={move.status}>
            {move.status === 'DONE' ? (
              <CheckCircleIcon className="h-14 w-14 text-emerald-400" aria-hidden="true" />
            ) : MOVE_FINAL.includes(move.status) ? null : (
              <Spinner className="h-10 w-10" />
            )}
            <p role="status" className={move.status === 'DONE' ? 'text-base text-slate-100' : 'text-base text-amber-200'}>
              {t(`status.${move.status}`, {
                from: name(move.fromProviderId),
                to: name(move.toProviderId),
                amount: formatMoney(move.amount, 'THB'),
              })}
            </p>
            {!MOVE_FINAL.includes(move.status) && <p className="text-sm text-slate-300">{t('waiting')}</p>}
            <DialogFooter className="mt-2 w-full">
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                {t('close')}
              </Button>
              <Button onClick={again} disabled={!MOVE_FINAL.includes(move.status)}>
                {t('again')}
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="move-credit-form">
            <ProviderSelectField control={form.control} name="fromProviderId" label={t('from')} error={errors.fromProviderId?.message} />
            <ProviderSelectField control={form.control} name="toProviderId" label={t('to')} error={errors.toProviderId?.message} />
            <Field
              label={t('amount')}
              error={errors.amount?.message}
              hint={
                credit === undefined ? undefined : (
                  <span className="flex items-center justify-between gap-2">
                    <span data-testid="move-available">{t('available', { amount: formatMoney(credit, 'THB') })}</span>
                    <button
                      type="button"
                      className="rounded px-2 py-1 text-amber-300 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-amber-300"
                      onClick={() => form.setValue('amount', credit, { shouldValidate: false })}
                    >
                      {t('all')}
                    </button>
                  </span>
                )
              }
            >
              <Input inputMode="decimal" autoComplete="off" placeholder="0.00" {...form.register('amount')} />
            </Field>
            {refusalText && (
              <p role="alert" className="rounded-lg bg-red-950/60 px-3 py-2 text-sm text-red-200" data-testid="move-error">
                {refusalText}
              </p>
            )}
            <DialogFooter className="mt-2">
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                {t('close')}
              </Button>
              <Button type="submit" loading={create.isPending} data-testid="move-submit">
                {t('submit')}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
