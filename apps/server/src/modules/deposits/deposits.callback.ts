import type { FastifyInstance } from 'fastify';
import { bankCallbackRoute } from '../../payments/index.js';

/**
 * POST /api/v2/payments/callback: the signature is checked on the raw body before this runs
 * (payments/raw-body.ts). The callback is only a hint (DESIGN.md §5): 202 while its payment is
 * being confirmed with the gateway's status API in the background, 200 with the order's status
 * when it was settled before (docs/decisions/024).
 */
export async function depositCallbackRoutes(app: FastifyInstance) {
  const { deposits } = app.services;
  await bankCallbackRoute(app, {
    path: '/api/v2/payments/callback',
    async onCallback(callback, request, reply) {
      const answer = await deposits.callback(callback, { agencyId: request.agency?.id ?? null, gateway: app.bankGateway });
      if (answer.confirming) return reply.code(202).send({ ok: true, status: answer.status });
      return { ok: true, status: answer.status };
    },
  });
}
