import type { Db, Tx } from '../../db/client.js';

// deadlock_detected, serialization_failure: PostgreSQL rolled the whole transaction back
const RETRYABLE = new Set(['40P01', '40001']);

export function isRetryable(err: unknown): boolean {
  for (let e = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if (RETRYABLE.has(String((e as { code?: unknown }).code))) return true;
  }
  return false;
}

/**
 * A transaction run again when PostgreSQL chose it as a deadlock victim. `post()` locks the accounts
 * of one posting in id order, but a transaction that posts twice (a deposit's kip, then its credit)
 * takes its locks in two rounds, so two such transactions can still meet in opposite order; the
 * victim was rolled back whole, so running it again is safe.
 */
export async function transactionWithRetry<T>(db: Db, work: (tx: Tx) => Promise<T>, attempts = 4): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await db.transaction(work);
    } catch (err) {
      if (i >= attempts || !isRetryable(err)) throw err;
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * i));
    }
  }
}
