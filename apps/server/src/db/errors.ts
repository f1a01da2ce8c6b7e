import type { Db, Tx } from './client.js';

/** The driver's error behind drizzle's wrapper (`cause`), with PostgreSQL's SQLSTATE. */
interface PgError {
  code?: unknown;
  constraint?: unknown;
  constraint_name?: unknown;
  message?: unknown;
  cause?: unknown;
}

function pgErrors(err: unknown): PgError[] {
  const found: PgError[] = [];
  for (let e = err; e && typeof e === 'object'; e = (e as PgError).cause) found.push(e as PgError);
  return found;
}

/** unique_violation, of `constraint` when named (node-postgres and PGlite name it differently). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  return pgErrors(err).some(
    (e) =>
      e.code === '23505' &&
      (constraint === undefined ||
        e.constraint === constraint ||
        e.constraint_name === constraint ||
        String(e.message).includes(constraint)),
  );
}

/** The driver's error with this SQLSTATE behind drizzle's wrapper, if any (e.g. a RAISE … ERRCODE of our own). */
export function sqlStateError(err: unknown, code: string): { code?: unknown; message?: unknown } | undefined {
  return pgErrors(err).find((e) => e.code === code);
}

// deadlock_detected, serialization_failure: PostgreSQL rolled the whole transaction back
const RETRYABLE = new Set(['40P01', '40001']);

export function isRetryable(err: unknown): boolean {
  return pgErrors(err).some((e) => RETRYABLE.has(String(e.code)));
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

// connection_exception (class 08), admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections
const UNREACHABLE_STATES = /^(08...|57P0[123]|53300)$/;
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
// what node-postgres throws, without a SQLSTATE, for a connection that ended under a query or could not be had
const UNREACHABLE_MESSAGES =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed/;

/**
 * The database could not be reached or dropped the connection (pg_terminate_backend, a restart, a
 * failover): nothing of the request's transaction was kept (or its outcome is answered to the same
 * Idempotency-Key again), and the same call shortly after succeeds on a new connection. 503, not 500.
 */
export function isDatabaseUnreachable(err: unknown): boolean {
  return pgErrors(err).some(
    (e) => UNREACHABLE_STATES.test(String(e.code)) || UNREACHABLE_CODES.has(String(e.code)) || UNREACHABLE_MESSAGES.test(String(e.message)),
  );
}
