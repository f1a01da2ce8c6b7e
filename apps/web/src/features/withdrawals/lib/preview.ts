import { convert, fromMinor, parseTypedAmount, toMinor, type CurrencyRow } from '@app/contracts';

/**
 * The kip an amount of credit brings at the row's buy rate, exactly as the server prices it
 * (contracts' convert, rounded down); null while the amount is not a valid credit amount.
 */
export function lakPreview(amount: string, rate: CurrencyRow | undefined): string | null {
  if (!rate) return null;
  const read = parseTypedAmount(amount, 'THB');
  if (!read.ok) return null;
  const minor = toMinor(read.value, 'THB');
  return fromMinor(convert('WITHDRAW', minor, rate), 'LAK');
}

/** A random Idempotency-Key per filled-in form (getRandomValues works on plain-http hosts too). */
export function newAttemptKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
