import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CREDIT_PROVIDERS } from '@app/contracts/providers';
import { SelectField } from '@/components/ui/select-field';

/** The provider field of the deposit and withdraw forms: a select of CREDIT_PROVIDERS by their names. */
export function ProviderSelectField<T extends FieldValues>({
  control,
  name,
  label,
  error,
  disabled = false,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  error: string | undefined;
  /** fixed by something else (the promotion taken is deposited with at its provider) */
  disabled?: boolean;
}) {
  const { t } = useTranslation('wallet');
  return (
    <SelectField
      control={control}
      name={name}
      label={label}
      error={error}
      disabled={disabled}
      options={CREDIT_PROVIDERS.map((p) => ({ value: p, label: t(`providers.${p}`) }))}
    />
  );
}
