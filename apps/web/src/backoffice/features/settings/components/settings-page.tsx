import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  BANK_CODES,
  agencySettingsUpdateSchema,
  bankConfigBodySchema,
  publishedIinOf,
  type AgencySettingsResponse,
  type AgencySettingsUpdate,
  type BankCode,
  type BankConfigBody,
} from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { CallError } from '@/backoffice/components/call-error';
import { applyFieldErrors, fieldErrorText } from '@/backoffice/lib/errors';
import { formatDateTime } from '@/lib/format';
import { agencySettingsQueryOptions } from '@/backoffice/features/settings/api/get-agency-settings';
import { useUpdateAgencySettings } from '@/backoffice/features/settings/api/update-agency-settings';
import { useUpdateBankConfig } from '@/backoffice/features/settings/api/update-bank-config';
import { RejectReasonsCard } from './reject-reasons-card';
import { RiskRulesCard } from './risk-rules-card';

type BoundName = keyof AgencySettingsUpdate['settings'];
type SocialName = keyof AgencySettingsUpdate['social'];
/** the bounds of DESIGN.md §2 in pairs, each with its unit (none for lengths) */
const BOUNDS: readonly (readonly [BoundName, BoundName | null, 'chars' | 'LAK' | 'THB' | '%'])[] = [
  ['usernameMin', 'usernameMax', 'chars'],
  ['passwordMin', 'passwordMax', 'chars'],
  ['depositMinLak', 'depositMaxLak', 'LAK'],
  ['withdrawMinThb', 'withdrawMaxThb', 'THB'],
  ['depositCreditThresholdThb', null, 'THB'],
  ['rateChangeBoundPercent', null, '%'],
];
const COUNTS = new Set<BoundName>(['usernameMin', 'usernameMax', 'passwordMin', 'passwordMax', 'rateChangeBoundPercent']);
const SOCIAL: readonly SocialName[] = ['telegram', 'whatsapp', 'facebook', 'twitter', 'line'];

/** Saved: shown until the form changes again. */
function Saved({ shown }: { shown: boolean }) {
  const { t } = useTranslation('settings');
  return shown ? (
    <span className="text-sm text-emerald-300" role="status" data-testid="settings-saved">
      {t('saved')}
    </span>
  ) : null;
}

/** The bounds and the social links: one form, one PUT, the server's field errors next to their fields. */
function AgencyForm({ data }: { data: AgencySettingsResponse }) {
  const { t } = useTranslation('settings');
  const update = useUpdateAgencySettings();
  const [saved, setSaved] = useState(false);
  const form = useForm<AgencySettingsUpdate>({
    resolver: zodResolver(agencySettingsUpdateSchema),
    defaultValues: { settings: data.settings, social: data.social },
  });
  const errorOf = (path: FieldPath<AgencySettingsUpdate>) => fieldErrorText(t, form.getFieldState(path, form.formState).error?.message);
  const submit = form.handleSubmit((body) =>
    update.mutate(body, {
      onSuccess: () => {
        setSaved(true);
        form.reset(body);
      },
      onError: (err) => applyFieldErrors(err, form.setError),
    }),
  );
  const bound = (name: BoundName, unit: string) => (
    <Field key={name} label={t(`bounds.${name}`)} hint={unit === 'chars' ? undefined : unit} error={errorOf(`settings.${name}`)}>
      <Input
        inputMode={COUNTS.has(name) ? 'numeric' : 'decimal'}
        data-testid={`setting-${name}`}
        {...form.register(`settings.${name}`, COUNTS.has(name) ? { valueAsNumber: true } : {})}
      />
    </Field>
  );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" onChange={() => setSaved(false)} data-testid="agency-form">
      <Card className="flex flex-col gap-4">
        <div>
          <CardTitle className="mb-1 text-base">{t('bounds.heading')}</CardTitle>
          <CardDescription>{t('bounds.explain')}</CardDescription>
        </div>
        {BOUNDS.map(([min, max, unit]) => (
          <fieldset key={min} className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <legend className="sr-only">{t(`bounds.${min}`)}</legend>
            {bound(min, unit)}
            {max && bound(max, unit)}
          </fieldset>
        ))}
      </Card>
      <RiskRulesCard form={form} errorOf={errorOf} />
      <Card className="flex flex-col gap-3">
        <div>
          <CardTitle className="mb-1 text-base">{t('social.heading')}</CardTitle>
          <CardDescription>{t('social.explain')}</CardDescription>
        </div>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {SOCIAL.map((name) => (
            <Field key={name} label={t(`social.${name}`)} error={errorOf(`social.${name}`)}>
              <Input
                type="url"
                inputMode="url"
                placeholder="https://"
                data-testid={`social-${name}`}
                {...form.register(`social.${name}`)}
              />
            </Field>
          ))}
        </div>
      </Card>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={update.isPending} data-testid="agency-save">
          {t('save')}
        </Button>
        <Saved shown={saved} />
        <CallError error={update.error} testId="agency-error" />
      </div>
    </form>
  );
}

/** the bank's form: an empty IIN is null, the bank's published one (the contracts' own rule otherwise) */
const bankFormSchema = bankConfigBodySchema.extend({
  iin: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), bankConfigBodySchema.shape.iin),
});
type BankFormInput = z.input<typeof bankFormSchema>;
const QR_FIELDS = ['iin', 'merchantId', 'mcc', 'merchantName', 'city'] as const;

/** One bank's LAO QR merchant settings; the server refuses them unless a QR still builds from them. */
function BankForm({ bank, data }: { bank: BankCode; data: AgencySettingsResponse }) {
  const { t } = useTranslation('settings');
  const current = data.bankConfig.find((b) => b.bank === bank);
  const published = publishedIinOf(bank);
  const update = useUpdateBankConfig(bank);
  const [saved, setSaved] = useState(false);
  const form = useForm<BankFormInput, unknown, BankConfigBody>({
    resolver: zodResolver(bankFormSchema),
    defaultValues: {
      iin: current?.iin ?? '',
      merchantId: current?.merchantId ?? '',
      mcc: current?.mcc ?? '',
      merchantName: current?.merchantName ?? '',
      city: current?.city ?? '',
    },
  });
  const submit = form.handleSubmit((body) =>
    update.mutate(body, { onSuccess: () => setSaved(true), onError: (err) => applyFieldErrors(err, form.setError) }),
  );
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3"
      onChange={() => setSaved(false)}
      data-testid="bank-form"
      data-bank={bank}
    >
      <p className="text-sm text-slate-400" data-testid="bank-state">
        {current ? t('qr.updated', { when: formatDateTime(current.updatedAt) }) : t('qr.not_set')}
      </p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {QR_FIELDS.map((name) => (
          <Field
            key={name}
            label={t(`qr.${name}`)}
            hint={name === 'iin' ? (published ? t('qr.iin_published', { iin: published }) : t('qr.iin_none')) : undefined}
            error={fieldErrorText(t, form.formState.errors[name]?.message)}
          >
            <Input
              autoComplete="off"
              inputMode={name === 'iin' || name === 'mcc' ? 'numeric' : undefined}
              placeholder={name === 'iin' ? (published ?? '') : undefined}
              data-testid={`qr-${name}`}
              {...form.register(name)}
            />
          </Field>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={update.isPending} data-testid="bank-save">
          {t('qr.save')}
        </Button>
        <Saved shown={saved} />
        <CallError error={update.error} testId="bank-error" />
      </div>
    </form>
  );
}

function BankConfigCard({ data }: { data: AgencySettingsResponse }) {
  const { t } = useTranslation('settings');
  const [bank, setBank] = useState<BankCode>(data.bankConfig[0]?.bank ?? 'bcel');
  const configured = new Set(data.bankConfig.map((b) => b.bank));
  return (
    <Card className="flex flex-col gap-3">
      <div>
        <CardTitle className="mb-1 text-base">{t('qr.heading')}</CardTitle>
        <CardDescription>{t('qr.explain')}</CardDescription>
      </div>
      <Field label={t('qr.bank')} className="sm:max-w-sm">
        <Select
          value={bank}
          onValueChange={(v) => setBank(v as BankCode)}
          options={BANK_CODES.map((b) => ({
            value: b,
            label: `${t(`banks.${b}`)}${configured.has(b) ? '' : ` · ${t('qr.not_set_short')}`}`,
          }))}
        />
      </Field>
      {/* a form per bank: another bank starts from its own values */}
      <BankForm key={bank} bank={bank} data={data} />
    </Card>
  );
}

/** The agency's settings (owner): bounds, social links, LAO QR merchant settings per bank (decision 056). */
export function SettingsPage() {
  const { t } = useTranslation('settings');
  const settings = useQuery(agencySettingsQueryOptions());
  return (
    <section className="flex flex-col gap-4" data-testid="settings-page">
      <div>
        <h1 className="text-xl font-bold">{t('heading')}</h1>
        {settings.data && <p className="text-sm text-slate-400">{settings.data.name}</p>}
      </div>
      {settings.isPending ? (
        <Spinner className="mx-auto h-6 w-6" />
      ) : settings.isError ? (
        <CallError error={settings.error} testId="settings-error" />
      ) : (
        <>
          <AgencyForm data={settings.data} />
          <BankConfigCard data={settings.data} />
          <RejectReasonsCard />
        </>
      )}
    </section>
  );
}
