import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { claimDue, completeAll, makeAllDue, retryLater, type Job } from './queue.js';

export type JobResult = { done: true } | { done: false; retryInMs: number; error: string };
export type JobHandler = (job: Job) => Promise<JobResult>;

export interface WorkerOptions {
  pollMs: number;
  /** how long a claimed job is held before another worker may take it */
  leaseMs?: number;
  batch?: number;
  retryBaseMs: number;
}

/** Runs due jobs from the outbox. Safe to run in several processes at once. */
export class Worker {
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = true;
  /** wake() was called while a round ran: run another one at once after it */
  private woken = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly opts: WorkerOptions,
  ) {}

  register(type: string, handler: JobHandler) {
    this.handlers.set(type, handler);
  }

  /** Exponential backoff from the base, capped at 60 s. */
  backoff(attempts: number) {
    return Math.min(this.opts.retryBaseMs * 2 ** Math.max(0, attempts - 1), 60_000);
  }

  /** Claims and runs one batch of due jobs; returns how many ran. The finished ones are marked done together. */
  async runOnce(): Promise<number> {
    const batch = await claimDue(this.db, this.opts.batch ?? 20, this.opts.leaseMs ?? 60_000);
    if (batch.length === 0) return 0;
    const finished = await Promise.all(batch.map((job) => this.runJob(job)));
    // a crash before this leaves them claimed: they run again when the lease ends, and a handler
    // must find nothing left to do then (a settled transfer answers done without a provider call)
    await completeAll(
      this.db,
      batch.filter((_, i) => finished[i]).map((job) => job.id),
    );
    return batch.length;
  }

  /** Runs one job; true when it is done (to be marked so by the caller), false when it was rescheduled. */
  private async runJob(job: Job): Promise<boolean> {
    const handler = this.handlers.get(job.type);
    if (!handler) {
      await retryLater(this.db, job.id, 60_000, `no handler for ${job.type}`);
      return false;
    }
    try {
      const result = await handler(job);
      if (result.done) return true;
      await retryLater(this.db, job.id, result.retryInMs, result.error);
    } catch (err) {
      this.log.error({ err, jobId: job.id, type: job.type }, 'job failed; will retry');
      await retryLater(this.db, job.id, this.backoff(job.attempts), err instanceof Error ? err.message : String(err));
    }
    return false;
  }

  /**
   * Runs jobs until none is due (tests). With `skipBackoff`, jobs waiting for a retry are made due
   * each round, up to `maxRounds`.
   */
  async drain({ skipBackoff = false, maxRounds = 50 } = {}): Promise<number> {
    let total = 0;
    for (let round = 0; round < maxRounds; round++) {
      if (skipBackoff) await makeAllDue(this.db);
      const n = await this.runOnce();
      total += n;
      if (n === 0) break;
    }
    return total;
  }

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    this.timer = setTimeout(() => void this.tick(), this.opts.pollMs);
  }

  /**
   * A job was just committed in this process: run a round now instead of at the next poll (or right
   * after the round under way). Does nothing when the worker is not started.
   */
  wake() {
    if (this.stopped) return;
    if (this.running) {
      this.woken = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), 0);
  }

  private async tick() {
    if (this.stopped || this.running) return;
    this.timer = null;
    this.woken = false;
    this.running = this.runOnce().catch((err) => {
      this.log.error({ err }, 'worker poll failed');
      return 0;
    });
    const n = await this.running;
    this.running = null;
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), n > 0 || this.woken ? 0 : this.opts.pollMs);
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.running) await this.running;
  }
}
