import i18next, { type TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

/**
 * The back office's text for a failed call: `common:errors.<code>` where that text exists, else a
 * general one; the namespace is in the key, so any screen's `t` finds it.
 */
export function staffErrorKey(error: unknown): string {
  const code = error instanceof ApiError ? error.code : 'default';
  return i18next.exists(`errors.${code}`, { ns: 'common' }) ? `common:errors.${code}` : 'common:errors.default';
}

/**
 * The namespace of the field errors' texts (locales/fields.json): its keys are the message
 * keys the server and the contracts' schemas put in `fields` (`backoffice.validation.date`,
 * `settings.too_small`, …), so a key is looked up as it comes.
 */
export const FIELDS_NS = 'fields';

/** The text of a field error's message key; a key without one (zod's own messages) reads "check this field". */
export function fieldErrorText(t: TFunction, key: string | undefined): string | undefined {
  if (!key) return undefined;
  return i18next.exists(key, { ns: FIELDS_NS }) ? t(key, { ns: FIELDS_NS }) : t('validation.invalid', { ns: 'common' });
}

/** The first field error of a failed call that has a text of its own (the reason behind a CONFLICT), if any. */
export function fieldReasonKey(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return Object.values(error.fields).find((key) => i18next.exists(key, { ns: FIELDS_NS }));
}

/** The server's field errors (message keys) on the form's fields, as the form's own resolver would put them. */
export function applyFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): void {
  if (!(error instanceof ApiError)) return;
  for (const [field, message] of Object.entries(error.fields)) setError(field as Path<T>, { type: 'server', message });
}
