import { createHmac } from 'node:crypto';
import { toMinor } from '@app/contracts';

/**
 * The name and password of our player's member account at a provider of a real protocol. The name
 * is the player's id without dashes (unique across agencies, stable, 32 characters); the password
 * is derived from the provider key and the player id, so that it is never stored and the game
 * login can compute it again.
 */
export const memberName = (playerId: string) => playerId.replace(/-/g, '').toLowerCase();

export const memberPassword = (key: string, playerId: string) =>
  createHmac('sha256', key).update(`member:${playerId}`).digest('base64url').slice(0, 16);

/**
 * A THB amount as these providers write it: a number or a string, with thousands separators at
 * times ("1,234.50"); null when it is none (the answer is then unreadable, never zero).
 */
export function providerThb(value: unknown): bigint | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(2) : '') : typeof value === 'string' ? value : '';
  const clean = text.replace(/,/g, '').trim();
  const negative = clean.startsWith('-');
  try {
    const minor = toMinor(negative ? clean.slice(1) : clean, 'THB');
    return negative ? -minor : minor;
  } catch {
    return null;
  }
}
