import { ApiError } from '@/lib/api-client';

const KNOWN = new Set(['INVALID_CREDENTIALS', 'RATE_LIMITED', 'NETWORK']);

/** The back office's text for a failed call: the server's code where it has one, else a general one. */
export function staffErrorKey(error: unknown): string {
  const code = error instanceof ApiError ? error.code : 'default';
  return `errors.${KNOWN.has(code) ? code : 'default'}`;
}
