import pLimit from 'p-limit';
import { GroupCommit } from '../../db/group-commit.js';
import { retryLater } from '../../jobs/queue.js';
import { ask, settleRequestOf, unknownOutcome } from './ask.js';
import { jobKey, type SettleRequest, type Transfer, type TransferContext } from './kinds.js';

/**
 * The first attempt of transfers just committed by `requestMany(…, { dispatch: true })`, made by
 * this process at once rather than by the worker's next claim: the provider told about each (at
 * most `dispatchConcurrency` calls at a time), the definite answers settled together with their
 * jobs removed, an unknown answer left to the worker with the usual backoff. Not awaited by
 * the caller; a crash on the way leaves the jobs to the worker once their lease (5 s, renewed
 * while this process works on them: decision 060) runs out.
 */
export class Dispatcher {
  /** the provider calls of dispatched transfers, at most this many at once */
  private readonly calls: ReturnType<typeof pLimit>;
  /** dispatched transfers whose provider call or settlement is under way */
  private readonly dispatching = new Set<Promise<void>>();
  /** the definite answers of dispatched transfers, settled together (and their jobs removed) */
  private readonly settling: GroupCommit<SettleRequest, void>;

  constructor(
    private readonly ctx: TransferContext,
    settle: (requests: readonly SettleRequest[], opts: { completeJobs: boolean }) => Promise<void>,
  ) {
    this.calls = pLimit(ctx.opts.dispatchConcurrency);
    this.settling = new GroupCommit<SettleRequest, void>(
      async (requests) => {
        await settle(requests, { completeJobs: true });
        return requests.map(() => ({ ok: true, value: undefined }));
      },
      { maxItems: 256 },
    );
  }

  dispatch(transfers: readonly Transfer[]) {
    for (const t of transfers) {
      // held until settled or rescheduled: a process that dies leaves it to another within a lease (decision 060)
      const held = { keys: [jobKey(t.id)] };
      this.ctx.leases?.hold(held);
      const run = this.calls(() => ask(this.ctx.providers, { ...t, attempts: 0 }))
        .then(async (outcome) => {
          if (outcome.status !== 'UNKNOWN') return this.settling.run(settleRequestOf(t.id, outcome));
          const delay = await unknownOutcome(this.ctx, t, outcome.reason, 1);
          return retryLater(this.ctx.db, { uniqueKey: jobKey(t.id) }, delay, outcome.reason);
        })
        .catch((err: unknown) => this.ctx.log.error({ err, transferId: t.id }, 'dispatched transfer failed; the worker takes it over'))
        .finally(() => {
          this.ctx.leases?.release(held);
          this.dispatching.delete(run);
        });
      this.dispatching.add(run);
    }
  }

  /** Resolves once no dispatched transfer is under way (tests, shutdown). */
  async idle() {
    while (this.dispatching.size > 0) await Promise.all([...this.dispatching]);
  }
}
