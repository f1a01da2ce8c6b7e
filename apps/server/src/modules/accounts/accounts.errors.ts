import type { z } from 'zod';
import { AppError } from '../../errors.js';

/** SPEC.md §8: one answer for an unknown user and a wrong password. */
export const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 'username or password incorrect');

/** the right password to an account staff blocked (decision 055) */
export const accountBlocked = () => new AppError('ACCOUNT_BLOCKED', 'your account is blocked; contact staff');

export const sameAsCurrent = () =>
  new AppError('VALIDATION_FAILED', 'The request is not valid.', { newPassword: 'password.validation.same_as_current' });

export const USERNAME_EXIST_KEY = 'username.validation.username_exist';
export const usernameTaken = () => new AppError('USERNAME_EXIST', 'enter a new username', { username: USERNAME_EXIST_KEY });

export const passwordIncorrect = () =>
  new AppError('PASSWORD_INCORRECT', 'password incorrect', {
    currentPassword: 'password.notification.password_is_incorrect',
  });

export const FINGERPRINT_MISMATCH_KEY = 'fingerprint.validation.header_mismatch';

/** Field path → message key, the same shape the error handler gives schema failures. */
export function fieldsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  return fields;
}

/** Parses with a schema known only at request time (the agency's bounds), failing like route validation. */
export function parseOrFail<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'The request is not valid.', fieldsOf(parsed.error));
  return parsed.data;
}

// NUL and lone surrogates survive JSON parsing but PostgreSQL refuses them in text and jsonb
const UNSTORABLE = /\\u0000|\\ud[89a-f][0-9a-f]{2}/i;

/** VALIDATION_FAILED on `field` when `value` holds text the database cannot store. */
export function assertStorable(value: unknown, field: string): void {
  if (UNSTORABLE.test(JSON.stringify(value) ?? '')) {
    throw new AppError('VALIDATION_FAILED', 'The request is not valid.', { [field]: 'validation.invalid_characters' });
  }
}
