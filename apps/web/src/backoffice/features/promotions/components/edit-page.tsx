import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type BackofficePromotion, type Language, type PromotionInput } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { CallError } from '@/backoffice/components/call-error';
import { applyFieldErrors } from '@/backoffice/lib/errors';
import { BASE, StaffLink } from '@/backoffice/lib/staff-link';
import { promotionQueryOptions } from '@/backoffice/features/promotions/api/get-promotion';
import { useSavePromotion } from '@/backoffice/features/promotions/api/save-promotion';
import { DeactivateDialog } from './deactivate-dialog';
import { formValuesOf, languageWithError, promotionResolver, type PromotionFormValues } from '../lib/form';
import { ImageCard } from './image-card';
import { promotionPath, usagesPath } from './list-page';
import { PromotionPreview } from './preview';
import { STATE_TONE, promotionState } from '../lib/status';
import { BasicsSection, RulesSection, TextsSection } from './form-sections';

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
