import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRowsPrepared, textArray, type Db } from '../db/client.js';

/**
 * The heartbeat of the jobs this process is working on (docs/decisions/060-short-leases.md). A job
 * is held by pushing its run_at forward; the lease is short (WORKER_LEASE_MS, 5 s by default) and
 * renewed here every third of it while the work runs, so that the jobs of an instance that dies
 * (SIGKILL, a lost machine) are due again within a lease, and taken over by any instance's worker.
 *
 * Jobs are held by id (the worker's claims) or by unique key (work a process starts itself after
 * its commit: dispatched transfers, payment confirmations). Holds are counted: the same job held
 * twice stays held until both let go. One statement renews all of them.
 */
export class Leases {
  private readonly ids = new Map<number, number>();
  private readonly keys = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private renewing: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    /** how long a held job stays not due without a renewal */
    readonly leaseMs: number,
  ) {}

  hold(jobs: { ids?: readonly number[]; keys?: readonly string[] }) {
    for (const id of jobs.ids ?? []) this.ids.set(id, (this.ids.get(id) ?? 0) + 1);
    for (const key of jobs.keys ?? []) this.keys.set(key, (this.keys.get(key) ?? 0) + 1);
    if (!this.timer && this.ids.size + this.keys.size > 0) {
      this.timer = setInterval(() => void this.renew(), this.periodMs);
      this.timer.unref();
    }
  }

  release(jobs: { ids?: readonly number[]; keys?: readonly string[] }) {
    for (const id of jobs.ids ?? []) drop(this.ids, id);
    for (const key of jobs.keys ?? []) drop(this.keys, key);
    if (this.timer && this.ids.size + this.keys.size === 0) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  /** How often the held jobs are renewed: a third of the lease. */
  get periodMs() {
    return Math.max(10, Math.floor(this.leaseMs / 3));
  }

  /** How many jobs are held (tests). */
  get size() {
    return this.ids.size + this.keys.size;
  }

  /**
   * Pushes every held job's run_at to a lease from now, never earlier than it was (a job rescheduled
   * further away keeps its time). A renewal that fails is logged: the lease may lapse and another
   * worker run the job as well, which every handler allows (a settled job finds nothing to do).
   *
   * Rows another transaction has locked are skipped, not waited for: that transaction is nearly
   * always the one finishing the job (markPaid completing a confirmation, a transfer settling).
   * Waiting made a convoy: the renewal, holding the rows it had already updated, queued behind one
   * settlement while every other settlement queued behind it. A skipped row is renewed by the next
   * renewal, a third of a lease later, well before its lease ends.
   *
   * Only a job with less than two periods left is pushed: one further away is still held at the
   * next renewal even if that one is skipped (a renewal still running). Most held jobs are finished
   * well within their first lease (a payment confirmed, a transfer posted), so most renewals write
   * nothing: rewriting every held row every period cost each settlement a job row version.
   */
  async renew(): Promise<void> {
    if (this.renewing || this.size === 0) return;
    const ids = `{${[...this.ids.keys()].join(',')}}`;
    const keys = textArray(this.keys.keys());
    this.renewing = queryRowsPrepared(
      this.db,
      'jobs_renew_leases',
      sql`WITH held AS (SELECT id FROM jobs
                         WHERE done_at IS NULL AND (id = ANY (${ids}::bigint[]) OR unique_key = ANY (${keys}::text[]))
                           AND run_at < now() + ${`${2 * this.periodMs} milliseconds`}::interval
                           FOR UPDATE SKIP LOCKED)
          UPDATE jobs SET run_at = greatest(jobs.run_at, now() + ${`${this.leaseMs} milliseconds`}::interval)
            FROM held WHERE jobs.id = held.id`,
    )
      .then(() => undefined)
      .catch((err: unknown) => this.log.warn({ err }, 'job leases not renewed'))
      .finally(() => {
        this.renewing = null;
      });
    await this.renewing;
  }

  /** Stops renewing (app close): what is still held lapses after its lease. */
  close() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.ids.clear();
    this.keys.clear();
  }
}

function drop<K>(held: Map<K, number>, key: K) {
  const n = held.get(key);
  if (n === undefined) return;
  if (n <= 1) held.delete(key);
  else held.set(key, n - 1);
}
