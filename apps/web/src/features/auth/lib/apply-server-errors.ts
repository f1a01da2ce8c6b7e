import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

/** Puts the server's field message keys on the form's fields; returns whether any field matched. */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  if (!(error instanceof ApiError)) return false;
  let matched = false;
  for (const [path, key] of Object.entries(error.fields)) {
    const field = fields.find((f) => f === path);
    if (!field) continue;
    setError(field, { type: 'server', message: key });
    matched = true;
  }
  return matched;
}
