import { createHash, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';

/**
 * TOTP (RFC 6238) from otplib, kept and not hand-written (docs/decisions/049-staff-second-factor.md):
 * SHA-1, 6 digits, 30-second steps, what every authenticator app reads from an otpauth:// URI.
 */
export const TOTP_PERIOD_SECONDS = 30;
/** one step either side: a phone's clock a little off, or a code typed as it turned */
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;

export const newTotpSecret = (): string => generateSecret();

/** The URI the QR code carries: the app shows "<agency>: <username>". */
export const totpUri = (issuer: string, username: string, secret: string): string => generateURI({ issuer, label: username, secret });

/** The time step a code belongs to, when it is right for this secret now (±1 step), else null. */
export async function totpStep(secret: string, code: string, nowMs = Date.now()): Promise<number | null> {
  const epoch = Math.floor(nowMs / 1000);
  const result = await verify({ secret, token: code, epoch, epochTolerance: TOLERANCE_SECONDS });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** Ten recovery codes as shown (`abcde-fghij`: 50 random bits each), and how they are stored. */
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const letters = [...randomBytes(10)].map((b) => BASE32[b & 31]).join('');
    return `${letters.slice(0, 5)}-${letters.slice(5)}`;
  });
}

/** The stored form of a recovery code: its sha256, whatever way it was typed (case, the dash). */
export const recoveryCodeHash = (code: string): string =>
  createHash('sha256').update(code.trim().toLowerCase().replace('-', '')).digest('hex');
