import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CREDIT_PROVIDERS, type ProviderId } from '@app/contracts/providers';
import { SelectField } from '@/components/ui/select-field';

/**
 * The provider field of the deposit and withdraw forms: a select of CREDIT_PROVIDERS by their names;
 * those `closed` (in maintenance, for a deposit) are said so and cannot be chosen.
 */
export function ProviderSelectField<T extends FieldValues>({
  control,
  name,
  label,
  error,
  disabled = false,
  closed = [],
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  error: string | undefined;
  /** fixed by something else (the promotion taken is deposited with at its provider) */
  disabled?: boolean;
  closed?: readonly ProviderId[];
}) {
  const { t } = useTranslation(['wallet', 'errors']);
  return (
    <SelectField
      control={control}
      name={name}
      label={label}
      error={error}
      disabled={disabled}
      options={CREDIT_PROVIDERS.map((p) => {
        const name = t(`providers.${p}`);
        return closed.includes(p)
          ? { value: p, label: `${name} · ${t('errors:PROVIDER_MAINTENANCE')}`, disabled: true }
          : { value: p, label: name };
      })}
    />
  );
}
