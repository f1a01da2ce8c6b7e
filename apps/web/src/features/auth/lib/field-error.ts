import type { FieldError } from 'react-hook-form';
import type { TFunction } from 'i18next';

/**
 * The contracts' schemas speak in message keys (`password.validation.min`); they become the auth
 * namespace's text, with the bounds as parameters.
 */
export function fieldErrorText(t: TFunction, error: FieldError | undefined, params: Record<string, number> = {}): string | undefined {
  if (!error?.message) return undefined;
  return t(error.message, { ns: 'auth', ...params, defaultValue: t('validation.invalid', { ns: 'auth' }) });
}
