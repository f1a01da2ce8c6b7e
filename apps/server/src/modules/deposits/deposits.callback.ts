import type { FastifyInstance } from 'fastify';
import { BANK_CALLBACK_PATH, bankCallbackRoute } from '../../payments/index.js';

/**
 * POST /api/v2/payments/callback: the signature is checked on the raw body before this runs
 * (payments/raw-body.ts). The callback is only a hint (DESIGN.md §5): 202 while its payment is
 * being confirmed with the gateway's status API in the background, 200 with the order's status
 * when it was settled before (docs/decisions/024).
 */
export async function depositCallbackRoutes(app: FastifyInstance) {
  const { deposits } = app.services;
  await bankCallbackRoute(app, {
    path: BANK_CALLBACK_PATH,
    async onCallback(callback, request, reply) {
      const answer = await deposits.callback(callback, request.agency?.id ?? null);
      if (answer.confirming) return reply.code(202).send({ ok: true, status: answer.status });
      return { ok: true, status: answer.status };
    },
  });
}
