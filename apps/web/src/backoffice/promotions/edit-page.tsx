import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { get, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, PROVIDER_IDS, type BackofficePromotion, type Language, type PromotionInput } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { CallError } from '../components/call-error';
import { applyFieldErrors } from '../lib/errors';
import { BASE, StaffLink } from '../lib/staff-link';
import { promotionQueryOptions, useSavePromotion } from './api';
import { DeactivateDialog } from './deactivate-dialog';
import { fieldErrorKey, formValuesOf, languageWithError, promotionResolver, type PromotionFormValues } from './form';
import { ImageCard } from './image-card';
import { LANGUAGE_NAMES, LanguagePicker } from './language-picker';
import { promotionPath, usagesPath } from './list-page';
import { PromotionPreview } from './preview';
import { STATE_TONE, promotionState } from './status';

type Form = UseFormReturn<PromotionFormValues, unknown, PromotionInput>;

const boxClass = 'min-h-11 w-full rounded-lg border border-slate-700 bg-slate-900 px-3 py-2 text-slate-100';

/** The translated error of one field (by its contracts path), or undefined. */
function useFieldError(form: Form) {
  const { t } = useTranslation('promotions');
  return (path: string) => {
    const key = fieldErrorKey(path, (get(form.formState.errors, path) as { message?: string } | undefined)?.message);
    return key ? t(key, { defaultValue: t('field.invalid') }) : undefined;
  };
}

function Check({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <label className="flex min-h-11 items-start gap-3 rounded-lg border border-slate-800 px-3 py-2.5 text-sm">
      {children}
      <span className="flex flex-col">
        <span className="text-slate-100">{label}</span>
        {hint && <span className="text-slate-400">{hint}</span>}
      </span>
    </label>
  );
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card className="flex flex-col gap-4" data-testid={testId}>
      <CardTitle className="mb-0 text-base">{title}</CardTitle>
      {children}
    </Card>
  );
}

function BasicsSection({ form }: { form: Form }) {
  const { t } = useTranslation('promotions');
  const error = useFieldError(form);
  return (
    <Section title={t('form.basics')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('form.code')} hint={t('form.code_hint')} error={error('code')}>
          <Input autoCapitalize="characters" autoComplete="off" className="font-mono uppercase" {...form.register('code')} />
        </Field>
        <fieldset className="flex flex-col gap-1.5" aria-describedby={error('providers') ? 'providers-error' : undefined}>
          <legend className="mb-1.5 text-sm font-medium text-slate-200">{t('form.providers')}</legend>
          <div className="flex flex-wrap gap-2">
            {PROVIDER_IDS.map((p) => (
              <label key={p} className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-700 px-3 text-sm">
                <input type="checkbox" value={p} className="h-4 w-4" {...form.register('providers')} />
                {t(`providers.${p}`)}
              </label>
            ))}
          </div>
          {error('providers') && (
            <p id="providers-error" role="alert" className="text-sm text-red-300">
              {error('providers')}
            </p>
          )}
        </fieldset>
        <Field label={t('form.starts_at')} error={error('startsAt')}>
          <Input type="datetime-local" {...form.register('startsAt')} />
        </Field>
        <Field label={t('form.ends_at')} hint={t('form.ends_at_hint')} error={error('endsAt')}>
          <Input type="datetime-local" {...form.register('endsAt')} />
        </Field>
        <Field label={t('form.max_uses')} hint={t('form.no_limit')} error={error('maxUses')}>
          <Input inputMode="numeric" {...form.register('maxUses')} />
        </Field>
        <Field label={t('form.max_uses_per_player')} hint={t('form.no_limit')} error={error('maxUsesPerPlayer')}>
          <Input inputMode="numeric" {...form.register('maxUsesPerPlayer')} />
        </Field>
      </div>
    </Section>
  );
}

/** Name, summary and terms per player language: Lao is required, another left empty shows Lao's. */
function TextsSection({ form, language, onLanguage }: { form: Form; language: Language; onLanguage: (l: Language) => void }) {
  const { t } = useTranslation('promotions');
  const error = useFieldError(form);
  const errors = form.formState.errors.texts;
  return (
    <Section title={t('form.texts')}>
      <p className="text-sm text-slate-400">{t('form.texts_hint')}</p>
      <LanguagePicker
        value={language}
        onChange={onLanguage}
        label={t('form.text_language')}
        testId="texts-language"
        mark={(l) => (
          <>
            {l === 'lo' && <span aria-hidden="true">*</span>}
            {errors?.[l] && (
              <span className="rounded-full bg-red-600 px-1.5 text-xs text-white">
                <span aria-hidden="true">!</span>
                <span className="sr-only">{t('form.has_errors')}</span>
              </span>
            )}
          </>
        )}
      />
      {LANGUAGES.map((l) => (
        <div key={l} className={cn('flex flex-col gap-4', l !== language && 'hidden')} data-testid={`texts-${l}`}>
          <Field label={t('form.name', { language: LANGUAGE_NAMES[l] })} error={error(`texts.${l}.name`)}>
            <Input {...form.register(`texts.${l}.name`)} />
          </Field>
          <Field label={t('form.summary', { language: LANGUAGE_NAMES[l] })} error={error(`texts.${l}.summary`)}>
            <textarea rows={2} className={boxClass} {...form.register(`texts.${l}.summary`)} />
          </Field>
          <Field label={t('form.terms', { language: LANGUAGE_NAMES[l] })} error={error(`texts.${l}.terms`)}>
            <textarea rows={5} className={boxClass} {...form.register(`texts.${l}.terms`)} />
          </Field>
        </div>
      ))}
    </Section>
  );
}

/** DESIGN.md §8's rules, each in the contracts' name; an empty field is a rule that does not apply. */
function RulesSection({ form }: { form: Form }) {
  const { t } = useTranslation('promotions');
  const error = useFieldError(form);
  const kind = useWatch({ control: form.control, name: 'rules.bonus.kind' });
  return (
    <Section title={t('form.rules')}>
      <h3 className="text-sm font-semibold text-slate-300">{t('form.who')}</h3>
      <div className="grid gap-2 sm:grid-cols-2">
        <Check label={t('form.first_order_only')} hint={t('form.first_order_only_hint')}>
          <input type="checkbox" className="mt-0.5 h-4 w-4 shrink-0" {...form.register('rules.firstOrderOnly')} />
        </Check>
        <Check label={t('form.requires_bank_account')} hint={t('form.requires_bank_account_hint')}>
          <input type="checkbox" className="mt-0.5 h-4 w-4 shrink-0" {...form.register('rules.requiresBankAccount')} />
        </Check>
      </div>
      <h3 className="text-sm font-semibold text-slate-300">{t('form.deposit_and_bonus')}</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('form.deposit_amount')} hint={t('form.deposit_amount_hint')} error={error('rules.depositAmount')}>
          <Input inputMode="numeric" {...form.register('rules.depositAmount')} />
        </Field>
        <Field
          label={t('form.max_credit_before_deposit')}
          hint={t('form.max_credit_before_deposit_hint')}
          error={error('rules.maxCreditBeforeDeposit')}
        >
          <Input inputMode="decimal" {...form.register('rules.maxCreditBeforeDeposit')} />
        </Field>
        <Field label={t('form.bonus_kind')} error={error('rules.bonus')}>
          <select className={boxClass} {...form.register('rules.bonus.kind')}>
            <option value="">{t('form.bonus_none')}</option>
            <option value="FIXED">{t('form.bonus_fixed')}</option>
            <option value="PERCENT">{t('form.bonus_percent')}</option>
          </select>
        </Field>
        {kind === 'FIXED' && (
          <Field label={t('form.bonus_amount')} error={error('rules.bonus.amount')}>
            <Input inputMode="decimal" {...form.register('rules.bonus.amount')} />
          </Field>
        )}
        {kind === 'PERCENT' && (
          <>
            <Field label={t('form.bonus_percent_value')} error={error('rules.bonus.percent')}>
              <Input inputMode="decimal" {...form.register('rules.bonus.percent')} />
            </Field>
            <Field label={t('form.bonus_max')} error={error('rules.bonus.maxAmount')}>
              <Input inputMode="decimal" {...form.register('rules.bonus.maxAmount')} />
            </Field>
          </>
        )}
      </div>
      <h3 className="text-sm font-semibold text-slate-300">{t('form.withdrawal')}</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('form.target_credit')} hint={t('form.target_credit_hint')} error={error('rules.targetCredit')}>
          <Input inputMode="decimal" {...form.register('rules.targetCredit')} />
        </Field>
        <Field label={t('form.turnover_multiple')} hint={t('form.turnover_multiple_hint')} error={error('rules.turnoverMultiple')}>
          <Input inputMode="decimal" {...form.register('rules.turnoverMultiple')} />
        </Field>
        <Field label={t('form.receivable_cap')} hint={t('form.receivable_cap_hint')} error={error('rules.receivableCapPercent')}>
          <Input inputMode="decimal" {...form.register('rules.receivableCapPercent')} />
        </Field>
        <div className="flex flex-col gap-2">
          <Check label={t('form.withdraw_all')} hint={t('form.withdraw_all_hint')}>
            <input type="checkbox" className="mt-0.5 h-4 w-4 shrink-0" {...form.register('rules.withdrawAll')} />
          </Check>
          <Check label={t('form.deduct_bonus')} hint={t('form.deduct_bonus_hint')}>
            <input type="checkbox" className="mt-0.5 h-4 w-4 shrink-0" {...form.register('rules.deductBonusOnWithdraw')} />
          </Check>
        </div>
      </div>
    </Section>
  );
}

/** Create (promotion null) or change a promotion; beside it, the preview as a player will see it. */
function PromotionForm({ promotion }: { promotion: BackofficePromotion | null }) {
  const { t } = useTranslation('promotions');
  const router = useRouter();
  const save = useSavePromotion(promotion?.id ?? null);
  const [language, setLanguage] = useState<Language>('lo');
  const [saved, setSaved] = useState(false);
  const form = useForm<PromotionFormValues, unknown, PromotionInput>({
    resolver: promotionResolver,
    defaultValues: formValuesOf(promotion),
  });
  const values = useWatch({ control: form.control }) as PromotionFormValues;
  const fieldsRefused = save.error instanceof ApiError && Object.keys(save.error.fields).length > 0;
  const submit = form.handleSubmit(
    (body) =>
      save.mutate(body, {
        onSuccess: ({ promotion: done }) => {
          setSaved(true);
          if (!promotion) void router.navigate({ href: `${BASE}${promotionPath(done.id)}` });
          else form.reset(formValuesOf(done));
        },
        onError: (err) => {
          applyFieldErrors(err, form.setError);
          const l =
            err instanceof ApiError ? LANGUAGES.find((x) => Object.keys(err.fields).some((f) => f.startsWith(`texts.${x}.`))) : undefined;
          if (l) setLanguage(l);
        },
      }),
    (errors) => setLanguage((current) => (errors.texts?.[current] ? current : (languageWithError(errors) ?? current))),
  );
  return (
    <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_22rem]">
      <form
        onSubmit={submit}
        noValidate
        className="flex min-w-0 flex-col gap-4"
        onChange={() => setSaved(false)}
        data-testid="promotion-form"
      >
        <BasicsSection form={form} />
        <TextsSection form={form} language={language} onLanguage={setLanguage} />
        <RulesSection form={form} />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" loading={save.isPending} disabled={save.isPending} data-testid="save-promotion">
            {promotion ? t('form.save') : t('form.create')}
          </Button>
          {saved && !save.isPending && (
            <span role="status" className="text-sm text-emerald-300" data-testid="promotion-saved">
              {t('form.saved')}
            </span>
          )}
          {fieldsRefused ? (
            <p role="alert" className="text-sm text-red-300" data-testid="save-error">
              {t('form.check_fields')}
            </p>
          ) : (
            <CallError error={save.error} testId="save-error" />
          )}
        </div>
      </form>
      <div className="flex min-w-0 flex-col gap-4">
        {promotion && <ImageCard promotion={promotion} />}
        <PromotionPreview values={values} imageUrl={promotion?.imageUrl ?? null} />
      </div>
    </div>
  );
}

/** /promotions/new and /promotions/{id}: the form, the image, the preview, and for an existing one its state and actions. */
export function PromotionEditPage({ id }: { id: string | null }) {
  const { t } = useTranslation('promotions');
  const one = useQuery({ ...promotionQueryOptions(id ?? ''), enabled: !!id });
  const promotion = one.data?.promotion ?? null;
  const state = promotion ? promotionState(promotion) : null;
  return (
    <section className="flex flex-col gap-4" data-testid="promotion-edit-page">
      <StaffLink to="/promotions" className="text-sm text-slate-400 hover:underline">
        ← {t('list.heading')}
      </StaffLink>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-bold break-words">{promotion ? promotion.code : t('form.new_heading')}</h1>
        {state && <Badge tone={STATE_TONE[state]}>{t(`state.${state}`)}</Badge>}
        {promotion && (
          <div className="flex flex-wrap gap-2 sm:ml-auto">
            <StaffLink to={usagesPath(promotion.id)} className={buttonClass('outline', 'sm')}>
              {t('list.usages')}
            </StaffLink>
            {promotion.isActive && <DeactivateDialog promotion={promotion} />}
          </div>
        )}
      </div>
      {id === null ? (
        <PromotionForm promotion={null} />
      ) : one.isPending ? (
        <Spinner className="mx-auto h-6 w-6" />
      ) : one.isError ? (
        <CallError error={one.error} />
      ) : (
        <PromotionForm key={promotion!.id} promotion={promotion} />
      )}
    </section>
  );
}
