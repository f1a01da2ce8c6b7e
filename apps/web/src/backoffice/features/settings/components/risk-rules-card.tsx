import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AgencySettingsUpdate } from '@app/contracts';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

type RuleName = 'withdrawDailyMaxCount' | 'withdrawDailyMaxThb' | 'depositReviewOverLak' | 'withdrawTwoApprovalsOverThb';
/** each rule with its unit; a count is a whole number */
const RULES: readonly (readonly [RuleName, 'count' | 'LAK' | 'THB'])[] = [
  ['withdrawDailyMaxCount', 'count'],
  ['withdrawDailyMaxThb', 'THB'],
  ['depositReviewOverLak', 'LAK'],
  ['withdrawTwoApprovalsOverThb', 'THB'],
];

/**
 * The agency's risk rules (decisions 161–163), part of the owner's settings form: each off while
 * empty (null on the wire), each enforced by the server.
 */
export function RiskRulesCard({
  form,
  errorOf,
}: {
  form: UseFormReturn<AgencySettingsUpdate>;
  errorOf: (path: FieldPath<AgencySettingsUpdate>) => string | undefined;
}) {
  const { t } = useTranslation('settings');
  return (
    <Card className="flex flex-col gap-4" data-testid="risk-rules">
      <div>
        <CardTitle className="mb-1 text-base">{t('risk.heading')}</CardTitle>
        <CardDescription>{t('risk.explain')}</CardDescription>
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {RULES.map(([name, unit]) => (
          <Field
            key={name}
            label={t(`risk.${name}`)}
            hint={unit === 'count' ? t('risk.off_when_empty') : `${unit} · ${t('risk.off_when_empty')}`}
            error={errorOf(`settings.${name}`)}
          >
            <Input
              inputMode={unit === 'count' ? 'numeric' : 'decimal'}
              placeholder={t('risk.off')}
              data-testid={`setting-${name}`}
              {...form.register(`settings.${name}`, {
                setValueAs: (v: unknown) => {
                  const s = typeof v === 'string' ? v.trim() : v;
                  if (s === '' || s === null || s === undefined) return null;
                  return unit === 'count' ? Number(s) : s;
                },
              })}
            />
          </Field>
        ))}
      </div>
    </Card>
  );
}
