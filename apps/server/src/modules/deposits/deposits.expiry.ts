import { eq } from 'drizzle-orm';
import { depositOrders } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { Job } from '../../jobs/queue.js';
import type { JobPayload, JobType } from '../../jobs/types.js';
import type { JobResult } from '../../jobs/worker.js';
import type { DepositSettlement } from './deposits.settlement.js';
import type { DepositsServiceDependencies } from './deposits.types.js';

export const DEPOSIT_EXPIRY_JOB = 'deposit_expiry' satisfies JobType;
/** While the gateway cannot answer, the expiry waits; after this many tries it cancels anyway (a late payment still credits). */
const MAX_EXPIRY_TRIES = 6;

/**
 * Runs at an order's expiry (written with the order): an OPEN order is checked with the gateway
 * once more, credited when paid, else CANCELED (DESIGN.md §5 step 5).
 */
export function depositExpiryJob(
  { db, log, worker }: Pick<DepositsServiceDependencies, 'db' | 'log' | 'worker'>,
  settlement: DepositSettlement,
): (payload: JobPayload<'deposit_expiry'>, job: Job) => Promise<JobResult> {
  return async ({ orderId }, job) => {
    const [order] = await db.select().from(depositOrders).where(eq(depositOrders.id, orderId));
    if (!order || order.status !== 'OPEN') return { done: true };
    if (order.expiresAt.getTime() > Date.now()) {
      return { done: false, retryInMs: order.expiresAt.getTime() - Date.now(), error: 'not expired yet' };
    }
    try {
      const result = await settlement.confirmWithGateway(order);
      if (!result.paid) await settlement.cancelIfOpen(order, 'EXPIRED');
      return { done: true };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.code === 'BANK_GATEWAY_UNAVAILABLE' && job.attempts < MAX_EXPIRY_TRIES) {
        return { done: false, retryInMs: worker.backoff(job.attempts + 1), error: err.message };
      }
      // the player must be able to deposit again; a late callback still credits a real payment
      await settlement.cancelIfOpen(order, 'EXPIRED');
      log.warn({ orderId, code: err.code }, 'deposit expired without a confirmation from the bank');
      return { done: true };
    }
  };
}
