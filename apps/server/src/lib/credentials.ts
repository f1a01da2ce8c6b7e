import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets kept in the database (alert bot tokens, bank credentials) are encrypted at rest with
 * AES-256-GCM under one 32-byte key, `CREDENTIALS_KEY` (base64). A dump of the database alone then
 * reveals none of them, and GCM's tag refuses a value that was altered or moved to another row (the
 * `context` is bound as additional data: pass what the value belongs to, e.g. `alerts:<agencyId>:telegram`).
 */
const VERSION = 'v1';
const IV_BYTES = 12;
const KEY_BYTES = 32;

export class CredentialsError extends Error {}

/** Derived from a public phrase: only for development and tests, never for a real secret. */
const DEVELOPMENT_KEY = createHash('sha256').update('laocredit development credentials key: public, never for real secrets').digest();

/** The 32 bytes of a base64 key, or a message saying what is wrong with it. */
export function parseCredentialsKey(base64: string): Buffer | string {
  const key = Buffer.from(base64, 'base64');
  if (key.length !== KEY_BYTES || key.toString('base64').replace(/=+$/, '') !== base64.trim().replace(/=+$/, ''))
    return `must be ${KEY_BYTES} bytes in base64 (openssl rand -base64 32)`;
  return key;
}

/**
 * The key the configuration gives: CREDENTIALS_KEY, else (outside production only) the development
 * key. Production without it throws: the configuration refuses it at boot as well.
 */
export function credentialsKey(config: { NODE_ENV: string; CREDENTIALS_KEY?: string | undefined }): Buffer {
  if (config.CREDENTIALS_KEY) {
    const key = parseCredentialsKey(config.CREDENTIALS_KEY);
    if (typeof key === 'string') throw new CredentialsError(`CREDENTIALS_KEY ${key}`);
    return key;
  }
  if (config.NODE_ENV === 'production') throw new CredentialsError('CREDENTIALS_KEY is required in production');
  return DEVELOPMENT_KEY;
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url: a fresh random IV each time, so the same secret never encrypts the same twice. */
export function encryptSecret(key: Buffer, plaintext: string, context = ''): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** The plaintext of `encryptSecret`'s answer; throws CredentialsError when the key, the context or the value is not the one it was made with. */
export function decryptSecret(key: Buffer, stored: string, context = ''): string {
  const [version, iv, tag, body, extra] = stored.split('.');
  if (version !== VERSION || iv === undefined || tag === undefined || body === undefined || extra !== undefined)
    throw new CredentialsError('not an encrypted secret');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new CredentialsError('the secret cannot be decrypted with this key and context');
  }
}
