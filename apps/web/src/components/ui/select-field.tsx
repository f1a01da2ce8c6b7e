import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Field } from './field';
import { Select, type SelectOption } from './select';

/**
 * A select bound to a react-hook-form field, with its label and its (already translated) error: the
 * provider, currency and bank fields of the money forms. A field not chosen yet is passed as '' (Radix
 * shows the placeholder and stays controlled).
 */
export function SelectField<T extends FieldValues>({
  control,
  name,
  label,
  error,
  options,
  disabled = false,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  error: string | undefined;
  options: readonly SelectOption[];
  disabled?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Field label={label} error={error}>
          <Select
            ref={field.ref}
            name={field.name}
            value={field.value ?? ''}
            onValueChange={field.onChange}
            disabled={disabled}
            options={options}
          />
        </Field>
      )}
    />
  );
}
