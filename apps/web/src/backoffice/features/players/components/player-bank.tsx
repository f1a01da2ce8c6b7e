import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { BANK_CODES, changeBankAccountBodySchema, type ChangeBankAccountBody, type PlayerDetailResponse } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { applyFieldErrors, staffErrorKey } from '@/backoffice/lib/errors';
import { useChangeBankAccount } from '@/backoffice/features/players/api/change-bank-account';
import { Section } from './player-sections';

/** The bank account, and staff's change of it (owner, finance) with a reason; DESIGN.md §7's rules hold on the server. */
export function BankAccount({ detail }: { detail: PlayerDetailResponse }) {
  const { t } = useTranslation('players');
  const [editing, setEditing] = useState(false);
  const account = detail.bankAccount;
  const change = useChangeBankAccount(detail.player.id);
  const form = useForm<ChangeBankAccountBody>({
    resolver: zodResolver(changeBankAccountBodySchema),
    defaultValues: { bank: account?.bank ?? 'bcel', accountNumber: '', accountName: account?.accountName ?? '', reason: '' },
  });
  const errors = form.formState.errors;
  const bank = useWatch({ control: form.control, name: 'bank' });
  const message = (key?: string) => (key ? t(`validation.${key}`, { defaultValue: t('common:validation.invalid') }) : undefined);
  const submit = form.handleSubmit((body) =>
    change.mutate(body, {
      onSuccess: () => setEditing(false),
      onError: (err) => applyFieldErrors(err, form.setError),
    }),
  );
  return (
    <Section title={t('player.bank_account')} testId="player-bank-account">
      {account ? (
        <p className="text-sm">
          <span className="uppercase">{account.bank}</span> · <span className="font-mono">{account.accountNumber}</span> ·{' '}
          {account.accountName}
        </p>
      ) : (
        <p className="text-sm text-slate-400">{t('player.no_bank_account')}</p>
      )}
      {editing ? (
        <form onSubmit={submit} noValidate className="flex flex-col gap-3" data-testid="bank-account-form">
          <Field label={t('player.bank')} error={message(errors.bank?.message)}>
            <Select
              value={bank}
              onValueChange={(v) => form.setValue('bank', v as ChangeBankAccountBody['bank'])}
              options={BANK_CODES.map((b) => ({ value: b, label: b.toUpperCase() }))}
            />
          </Field>
          <Field label={t('player.account_number')} error={message(errors.accountNumber?.message)}>
            <Input inputMode="numeric" {...form.register('accountNumber')} />
          </Field>
          <Field label={t('player.account_name')} error={message(errors.accountName?.message)}>
            <Input {...form.register('accountName')} />
          </Field>
          <Field label={t('player.reason')} error={message(errors.reason?.message)}>
            <Input {...form.register('reason')} />
          </Field>
          {change.isError && (
            <p role="alert" className="text-sm text-red-300">
              {t(staffErrorKey(change.error))}
            </p>
          )}
          <div className="flex gap-2">
            <Button type="submit" size="sm" loading={change.isPending}>
              {t('common:actions.save')}
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={() => setEditing(false)}>
              {t('common:actions.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <Button size="sm" variant="outline" className="self-start" onClick={() => setEditing(true)} data-testid="change-bank-account">
          {t('player.change_bank_account')}
        </Button>
      )}
    </Section>
  );
}
