import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { backoff } from './backoff.js';
import { Leases } from './leases.js';
import { purgeExpired, type Retention } from './purge.js';
import { claimDue, completeAll, makeAllDue, retryLater, type Job } from './queue.js';
import { jobTypes, parseJobPayload, type JobPayload, type JobType } from './types.js';

export type JobResult = { done: true } | { done: false; retryInMs: number; error: string };
export type JobHandler = (job: Job) => Promise<JobResult>;
/** Runs the claimed jobs of one type together; answers one result per job, in order. */
export type BatchJobHandler = (jobs: Job[]) => Promise<JobResult[]>;

export interface WorkerOptions {
  pollMs: number;
  /** how long a claimed job is held without a renewal before another worker may take it (renewed while it runs) */
  leaseMs?: number;
  batch?: number;
  retryBaseMs: number;
  /** delete finished jobs and old idempotency keys (./purge.ts), at most once per `everyMs`, while started */
  retention?: Retention & { everyMs: number };
}

/** Runs due jobs from the outbox. Safe to run in several processes at once. */
export class Worker {
  private readonly handlers = new Map<string, BatchJobHandler>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = true;
  /** wake() was called while a round ran: run another one at once after it */
  private woken = false;
  /** the heartbeat of the jobs this process runs: its claims, and the work others start themselves (transfers, confirmations) */
  readonly leases: Leases;
  /** when the started worker purges next (./purge.ts) */
  private nextPurgeAt = 0;
  /** when the started worker last finished a round (or started): its heartbeat, read by `/readyz` */
  private lastRoundAt = 0;
  /** upkeep run every so often while started (`every`), each at most once per its interval */
  private readonly periodic: { name: string; everyMs: number; run: () => Promise<unknown>; nextAt: number }[] = [];

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly opts: WorkerOptions,
  ) {
    this.leases = new Leases(db, log, opts.leaseMs ?? 5_000);
  }

  /** A handler of one job at a time; one that throws is retried with backoff, the others of its batch unaffected. */
  register(type: string, handler: JobHandler) {
    this.handlers.set(type, (batch) =>
      Promise.all(batch.map((job) => handler(job).catch((err: unknown) => this.failed(type, [job], err)[0]!))),
    );
  }

  /**
   * A handler that takes every claimed job of its type at once, so that their work can share
   * statements and commits (docs/decisions/021-settlement-in-groups.md).
   */
  registerBatch(type: string, handler: BatchJobHandler) {
    this.handlers.set(type, handler);
  }

  /** A handler of a declared job type (./types.ts), given each job's parsed payload. */
  handle<T extends JobType>(type: T, handler: (payload: JobPayload<T>, job: Job) => Promise<JobResult>) {
    this.register(type, async (job) => {
      const parsed = parseJobPayload(type, job.payload);
      return parsed.success ? handler(parsed.data, job) : this.malformed(type, job, parsed.error);
    });
  }

  /** `registerBatch` of a declared job type: the handler gets the jobs whose payload matches, with it. */
  handleBatch<T extends JobType>(type: T, handler: (jobs: { job: Job; payload: JobPayload<T> }[]) => Promise<JobResult[]>) {
    this.registerBatch(type, async (jobs) => {
      const parsed = jobs.map((job) => ({ job, parsed: parseJobPayload(type, job.payload) }));
      const valid = parsed.flatMap(({ job, parsed: p }) => (p.success ? [{ job, payload: p.data }] : []));
      const results = valid.length > 0 ? await handler(valid) : [];
      if (results.length !== valid.length) throw new Error(`${type}: ${results.length} results for ${valid.length} jobs`);
      let next = 0;
      return parsed.map(({ job, parsed: p }) => (p.success ? results[next++]! : this.malformed(type, job, p.error)));
    });
  }

  /** A job whose payload does not match its type's declaration: it will not run, whatever the retry; logged, retried slowly. */
  private malformed(type: string, job: Job, err: Error): JobResult {
    this.log.error({ err, jobId: job.id, type }, 'job payload does not match its declaration');
    return { done: false, retryInMs: 60_000, error: `malformed payload: ${err.message}` };
  }

  /** Throws unless every declared job type (./types.ts) has a handler: checked when the app starts. */
  assertEveryTypeHandled(types: readonly string[] = jobTypes) {
    const missing = types.filter((type) => !this.handlers.has(type));
    if (missing.length > 0) throw new Error(`job types without a handler: ${missing.join(', ')}`);
  }

  /** Exponential backoff from the base, capped at 60 s (./backoff.ts). */
  backoff(attempts: number) {
    return backoff(this.opts.retryBaseMs, attempts);
  }

  /** Claims and runs one batch of due jobs, those of one type together; returns how many ran. The finished ones are marked done together. */
  async runOnce(): Promise<number> {
    const batch = await claimDue(this.db, this.opts.batch ?? 20, this.leases.leaseMs);
    if (batch.length === 0) return 0;
    // held while they run: a job of a process that dies is due again within a lease (decision 060)
    const ids = batch.map((job) => job.id);
    this.leases.hold({ ids });
    try {
      return await this.runClaimed(batch);
    } finally {
      this.leases.release({ ids });
    }
  }

  private async runClaimed(batch: Job[]): Promise<number> {
    const byType = new Map<string, Job[]>();
    for (const job of batch) {
      const jobs = byType.get(job.type);
      if (jobs) jobs.push(job);
      else byType.set(job.type, [job]);
    }
    const finished = (await Promise.all([...byType].map(([type, jobs]) => this.runJobs(type, jobs)))).flat();
    // a crash before this leaves them claimed: they run again when the lease ends, and a handler
    // must find nothing left to do then (a settled transfer answers done without a provider call)
    await completeAll(this.db, finished);
    return batch.length;
  }

  /** Logs a failure of these jobs and answers their retries: with backoff, or after `retryInMs`. */
  private failed(type: string, jobs: Job[], err: unknown, retryInMs?: number): JobResult[] {
    this.log.error({ err, jobIds: jobs.map((j) => j.id), type }, 'job failed; will retry');
    const error = err instanceof Error ? err.message : String(err);
    return jobs.map((job) => ({ done: false, retryInMs: retryInMs ?? this.backoff(job.attempts), error }));
  }

  /** Runs the jobs of one type; answers the ids of those done (to be marked so by the caller); the others are rescheduled. */
  private async runJobs(type: string, jobs: Job[]): Promise<number[]> {
    const handler = this.handlers.get(type);
    let results: JobResult[];
    try {
      if (!handler) throw new Error(`no handler for ${type}`);
      results = await handler(jobs);
      if (results.length !== jobs.length) throw new Error(`${type}: ${results.length} results for ${jobs.length} jobs`);
    } catch (err) {
      results = this.failed(type, jobs, err, handler ? undefined : 60_000);
    }
    const done: number[] = [];
    await Promise.all(
      jobs.map(async (job, i) => {
        const result = results[i]!;
        if (result.done) done.push(job.id);
        else await retryLater(this.db, job.id, result.retryInMs, result.error);
      }),
    );
    return done;
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

  /** Deletes the finished jobs and idempotency keys kept long enough; answers how many of each. */
  async purge() {
    if (!this.opts.retention) return { jobs: 0, idempotencyKeys: 0 };
    const purged = await purgeExpired(this.db, this.opts.retention);
    if (purged.jobs + purged.idempotencyKeys > 0) this.log.info(purged, 'purged finished jobs and old idempotency keys');
    return purged;
  }

  /**
   * Upkeep the started worker runs at most once per `everyMs`, after a round of jobs (the first one
   * `everyMs` after the start); a failure is logged and the task runs again at its next interval.
   */
  every(name: string, everyMs: number, run: () => Promise<unknown>) {
    this.periodic.push({ name, everyMs, run, nextAt: Date.now() + everyMs });
  }

  private async periodicIfDue() {
    for (const task of this.periodic) {
      if (Date.now() < task.nextAt) continue;
      task.nextAt = Date.now() + task.everyMs;
      await task.run().catch((err: unknown) => this.log.error({ err, task: task.name }, 'upkeep failed; run again at its next interval'));
    }
  }

  private async purgeIfDue() {
    if (!this.opts.retention || Date.now() < this.nextPurgeAt) return;
    this.nextPurgeAt = Date.now() + this.opts.retention.everyMs;
    await this.purge().catch((err: unknown) => this.log.error({ err }, 'purge failed; tried again at the next interval'));
  }

  /** Whether this process runs the worker, and when its last round ended (ms since the epoch). */
  heartbeat(): { started: boolean; lastRoundAt: number } {
    return { started: !this.stopped, lastRoundAt: this.lastRoundAt };
  }

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    this.lastRoundAt = Date.now();
    // upkeep is counted from the start, not from when it was registered
    for (const task of this.periodic) task.nextAt = this.lastRoundAt + task.everyMs;
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
    this.running = this.runOnce()
      .then(async (n) => {
        await this.purgeIfDue();
        await this.periodicIfDue();
        return n;
      })
      .catch((err) => {
        this.log.error({ err }, 'worker poll failed');
        return 0;
      });
    const n = await this.running;
    this.running = null;
    this.lastRoundAt = Date.now();
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), n > 0 || this.woken ? 0 : this.opts.pollMs);
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.running) await this.running;
    this.leases.close();
  }
}
