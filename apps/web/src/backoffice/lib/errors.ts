import i18next from 'i18next';
import { ApiError } from '@/lib/api-client';

/**
 * The back office's text for a failed call: `common:errors.<code>` where that text exists (each
 * area adds the codes of its calls to its own translations or to common), else a general one.
 */
export function staffErrorKey(error: unknown): string {
  const code = error instanceof ApiError ? error.code : 'default';
  return i18next.exists(`common:errors.${code}`) ? `common:errors.${code}` : 'common:errors.default';
}
