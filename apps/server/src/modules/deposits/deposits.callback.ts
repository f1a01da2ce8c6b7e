import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { depositOrders } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import { bankCallbackRoute } from '../../payments/index.js';
import { confirmWithGateway } from './deposits.settlement.js';

/**
 * POST /api/v2/payments/callback: the signature is checked on the raw body before this runs
 * (payments/raw-body.ts); the callback is then only a hint, confirmed by the gateway's status API.
 * Not yet confirmed (the status lags) answers 409 ORDER_NOT_PAID, so the gateway sends it again.
 */
export async function registerPaymentCallback(app: FastifyInstance) {
  // a prepared statement: built once, and planned once per connection (one per callback, docs/decisions/021)
  const byGatewayReference = app.db
    .select()
    .from(depositOrders)
    .where(eq(depositOrders.gatewayReference, sql.placeholder('reference')))
    .prepare('deposit_by_gateway_reference');
  await bankCallbackRoute(app, {
    path: '/v2/payments/callback',
    async onCallback(callback) {
      const [order] = await byGatewayReference.execute({ reference: callback.reference });
      if (!order) throw notFound(`no deposit with reference ${callback.reference}`);
      const result = await confirmWithGateway(app, order);
      if (!result.paid) throw new AppError('ORDER_NOT_PAID', 'the bank does not confirm this payment yet');
      return { ok: true, status: result.order.status };
    },
  });
}
