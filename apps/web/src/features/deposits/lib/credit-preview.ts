import { convert, fromMinor, parseTypedAmount, toMinor, type CurrencyRow } from '@app/contracts';

/**
 * The credit (THB, wire decimal) an amount of kip buys at the row's sell rate, exactly as the
 * server prices it (contracts' convert, rounded down); null while the amount is not a valid number.
 */
export function creditPreview(amount: string, rate: CurrencyRow | undefined): string | null {
  if (!rate) return null;
  if (rate.currency !== 'LAK' && rate.currency !== 'THB') return null;
  const read = parseTypedAmount(amount, rate.currency);
  if (!read.ok) return null;
  const minor = toMinor(read.value, rate.currency);
  return fromMinor(convert('DEPOSIT', minor, rate), 'THB');
}

/** A random Idempotency-Key; getRandomValues works on plain-http hosts too, where randomUUID does not exist. */
export function newAttemptKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
