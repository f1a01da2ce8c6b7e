import i18next from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

/** The back office's text for a failed call: the server's code where it has a text, else a general one. */
export function staffErrorKey(error: unknown): string {
  const code = error instanceof ApiError ? error.code : 'default';
  return i18next.exists(`errors.${code}`) ? `errors.${code}` : 'errors.default';
}

/** The server's field errors (message keys) on the form's fields, as the form's own resolver would put them. */
export function applyFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): void {
  if (!(error instanceof ApiError)) return;
  for (const [field, message] of Object.entries(error.fields)) setError(field as Path<T>, { type: 'server', message });
}
