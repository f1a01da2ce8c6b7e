import { convert, fromMinor, toMinor, type CurrencyRow } from '@app/contracts';

/**
 * The credit (THB, wire decimal) an amount of kip buys at the row's sell rate, exactly as the
 * server prices it (contracts' convert, rounded down); null while the amount is not a valid number.
 */
export function creditPreview(amount: string, rate: CurrencyRow | undefined): string | null {
  if (!rate) return null;
  let minor: bigint;
  try {
    minor = toMinor(amount.trim(), rate.currency);
  } catch {
    return null;
  }
  if (minor <= 0n) return null;
  return fromMinor(convert('DEPOSIT', minor, rate), 'THB');
}

/** Whole kip typed with group separators ("100,000") is read as digits. */
export function normaliseAmount(input: string): string {
  return input.replace(/[\s,._]/g, '');
}

/** A random Idempotency-Key; getRandomValues works on plain-http hosts too, where randomUUID does not exist. */
export function newAttemptKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
