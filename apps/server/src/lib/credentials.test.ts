import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { credentialsKey, CredentialsError, decryptSecret, encryptSecret, parseCredentialsKey } from './credentials.js';

const key = randomBytes(32);

describe('credentials at rest', () => {
  it('decrypts what it encrypted, with a fresh IV each time', () => {
    const a = encryptSecret(key, '123456:bot-token-for-tests', 'alerts:a:telegram');
    const b = encryptSecret(key, '123456:bot-token-for-tests', 'alerts:a:telegram');
    expect(a).not.toBe(b);
    expect(a).not.toContain('bot-token');
    expect(decryptSecret(key, a, 'alerts:a:telegram')).toBe('123456:bot-token-for-tests');
  });

  it('refuses another key, another context, an altered value', () => {
    const stored = encryptSecret(key, 'secret', 'ctx');
    expect(() => decryptSecret(randomBytes(32), stored, 'ctx')).toThrow(CredentialsError);
    expect(() => decryptSecret(key, stored, 'other')).toThrow(CredentialsError);
    const parts = stored.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => decryptSecret(key, parts.join('.'), 'ctx')).toThrow(CredentialsError);
    expect(() => decryptSecret(key, 'plain text', 'ctx')).toThrow(CredentialsError);
  });

  it('takes CREDENTIALS_KEY as 32 bytes of base64; a development key only outside production', () => {
    const b64 = key.toString('base64');
    expect(credentialsKey({ NODE_ENV: 'production', CREDENTIALS_KEY: b64 }).equals(key)).toBe(true);
    expect(typeof parseCredentialsKey(randomBytes(16).toString('base64'))).toBe('string');
    expect(typeof parseCredentialsKey('not base64 at all!')).toBe('string');
    expect(() => credentialsKey({ NODE_ENV: 'production' })).toThrow(/CREDENTIALS_KEY/);
    expect(credentialsKey({ NODE_ENV: 'test' })).toHaveLength(32);
  });
});
