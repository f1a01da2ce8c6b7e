import { AppError } from '../../errors.js';

/**
 * A keyset cursor: the last row's order key and id, base64url-encoded so that a client passes it
 * back as it got it. A cursor that is not one of ours answers 400, never a 500.
 */
export function encodeCursor(key: readonly [string, string]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeCursor(cursor: string): [string, string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string')) {
      const [key, id] = value as [string, string];
      // a uuid or a bigint identity: never anything a query could take for more than a value
      if (key.length <= 160 && /^[0-9a-f-]{1,36}$/i.test(id)) return [key, id];
    }
  } catch {
    // falls through to the same answer as a well-formed cursor of the wrong shape
  }
  throw new AppError('VALIDATION_FAILED', 'The request is not valid.', { cursor: 'backoffice.validation.cursor' });
}
