import { convert, fromMinor, toMinor, type CurrencyRow } from '@app/contracts';

/**
 * The kip an amount of credit brings at the row's buy rate, exactly as the server prices it
 * (contracts' convert, rounded down); null while the amount is not a valid credit amount.
 */
export function lakPreview(amount: string, rate: CurrencyRow | undefined): string | null {
  if (!rate) return null;
  let minor: bigint;
  try {
    minor = toMinor(amount.trim(), 'THB');
  } catch {
    return null;
  }
  if (minor <= 0n) return null;
  return fromMinor(convert('WITHDRAW', minor, rate), 'LAK');
}

/** Credit typed with group separators ("1,250.50") is read as a plain decimal. */
export function normaliseCredit(input: string): string {
  return input.replace(/[\s,_]/g, '');
}

/** A random Idempotency-Key per filled-in form (getRandomValues works on plain-http hosts too). */
export function newAttemptKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
