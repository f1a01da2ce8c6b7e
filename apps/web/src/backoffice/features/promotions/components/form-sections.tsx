import { Fragment, type ReactNode } from 'react';
import { get, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, PROMOTION_RULES, PROVIDER_IDS, type Language, type PromotionInput } from '@app/contracts';
import { Card, CardTitle } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { RULE_FIELDS, fieldErrorKey, type PromotionFormValues, type RuleSection } from '../lib/form';
import { LANGUAGE_NAMES, LanguagePicker } from './language-picker';

// The promotion form's three sections (basics, texts per language, the rules of DESIGN §8), split from
// edit-page.tsx, which ties them to the form, the preview and the save.

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

export function BasicsSection({ form }: { form: Form }) {
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
                {t(`common:providers.${p}`)}
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
export function TextsSection({ form, language, onLanguage }: { form: Form; language: Language; onLanguage: (l: Language) => void }) {
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

const RULE_SECTIONS: readonly RuleSection[] = ['who', 'deposit_and_bonus', 'withdrawal'];

/**
 * DESIGN.md §8's rules, each in the contracts' name, drawn from the form's RULE_FIELDS by their kind:
 * a section of boxes alone is a grid of them; otherwise the typed fields, then its boxes in one cell.
 * An empty field is a rule that does not apply.
 */
export function RulesSection({ form }: { form: Form }) {
  const { t } = useTranslation('promotions');
  const error = useFieldError(form);
  const ruleField = ({ rule, label }: (typeof RULE_FIELDS)[number]) =>
    rule === 'bonus' ? (
      <BonusFields key={rule} form={form} label={t(`form.${label}`)} error={error} />
    ) : (
      <Field key={rule} label={t(`form.${label}`)} hint={t(`form.${label}_hint`)} error={error(`rules.${rule}`)}>
        <Input inputMode={PROMOTION_RULES[rule].kind === 'LAK' ? 'numeric' : 'decimal'} {...form.register(`rules.${rule}`)} />
      </Field>
    );
  const ruleCheck = ({ rule, label }: (typeof RULE_FIELDS)[number]) => (
    <Check key={rule} label={t(`form.${label}`)} hint={t(`form.${label}_hint`)}>
      <input type="checkbox" className="mt-0.5 h-4 w-4 shrink-0" {...form.register(`rules.${rule}`)} />
    </Check>
  );
  return (
    <Section title={t('form.rules')}>
      {RULE_SECTIONS.map((section) => {
        const fields = RULE_FIELDS.filter((f) => f.section === section);
        const flags = fields.filter((f) => PROMOTION_RULES[f.rule].kind === 'flag');
        const typed = fields.filter((f) => PROMOTION_RULES[f.rule].kind !== 'flag');
        return (
          <Fragment key={section}>
            <h3 className="text-sm font-semibold text-slate-300">{t(`form.${section}`)}</h3>
            {typed.length === 0 ? (
              <div className="grid gap-2 sm:grid-cols-2">{flags.map(ruleCheck)}</div>
            ) : (
              <div className="grid gap-4 sm:grid-cols-2">
                {typed.map(ruleField)}
                {flags.length > 0 && <div className="flex flex-col gap-2">{flags.map(ruleCheck)}</div>}
              </div>
            )}
          </Fragment>
        );
      })}
    </Section>
  );
}

/** The bonus: its kind, then the amount of a FIXED one or the percent and largest bonus of a PERCENT one. */
function BonusFields({ form, label, error }: { form: Form; label: string; error: (path: string) => string | undefined }) {
  const { t } = useTranslation('promotions');
  const kind = useWatch({ control: form.control, name: 'rules.bonus.kind' });
  return (
    <>
      <Field label={label} error={error('rules.bonus')}>
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
    </>
  );
}
