import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { textArray } from '../../db/client.js';
import { GroupCommit } from '../../db/group-commit.js';
import { depositOrders, type DepositOrderRow } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import { bankCallbackRoute } from '../../payments/index.js';
import { PaymentConfirmations } from './deposits.confirmations.js';
import { confirmWithGateway } from './deposits.settlement.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** the payments named by the bank's callbacks, confirmed with the gateway in the background */
    depositConfirmations: PaymentConfirmations;
  }
}

/**
 * POST /api/v2/payments/callback: the signature is checked on the raw body before this runs
 * (payments/raw-body.ts). The callback is only a hint (DESIGN.md §5): it is acknowledged once its
 * order is known, 202 while the payment is being confirmed with the gateway's status API in the
 * background, 200 with the order's status when it was settled before (docs/decisions/024).
 * Registered on the root instance, so that `app.depositConfirmations` is seen everywhere.
 */
export const paymentCallbackPlugin = fp(async (app: FastifyInstance) => {
  const confirmations = new PaymentConfirmations((order, statusCalls) => confirmWithGateway(app, order, statusCalls), app.log, {
    retryBaseMs: app.config.WORKER_RETRY_BASE_MS,
    graceMs: 60_000,
    concurrency: app.config.BANK_STATUS_CONCURRENCY,
    maxPending: 10_000,
  });
  app.decorate('depositConfirmations', confirmations);
  // before the database closes: the confirmations under way finish, then the transfers they dispatched
  app.addHook('preClose', async () => {
    await confirmations.close();
    await app.transfers.idle();
  });
  // the orders of the callbacks that arrive together, looked up in one prepared statement
  const byGatewayReference = app.db
    .select()
    .from(depositOrders)
    .where(sql`${depositOrders.gatewayReference} = ANY (${sql.placeholder('references')}::text[])`)
    .prepare('deposits_by_gateway_reference');
  const lookups = new GroupCommit<string, DepositOrderRow | null>(
    async (references) => {
      const rows = await byGatewayReference.execute({ references: textArray(new Set(references)) });
      const found = new Map(rows.map((row) => [row.gatewayReference, row]));
      return references.map((reference) => ({ ok: true, value: found.get(reference) ?? null }));
    },
    { maxItems: 256 },
  );
  await bankCallbackRoute(app, {
    path: '/api/v2/payments/callback',
    async onCallback(callback, _request, reply) {
      const order = await lookups.run(callback.reference);
      if (!order) throw notFound(`no deposit with reference ${callback.reference}`);
      // OPEN, or CANCELED and perhaps paid late: the gateway is asked; a settled order is only answered
      if (order.bankReference === null) {
        confirmations.hint(order);
        return reply.code(202).send({ ok: true, status: order.status });
      }
      return { ok: true, status: order.status };
    },
  });
});
