import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createCreditMoveBodySchema, creditMoveParamsSchema, creditMoveResponseSchema } from '@app/contracts';
import { agencyOf } from '../../plugins/agency.js';
import { requirePlayer } from '../../plugins/session.js';
import { errorResponses } from '../shared/route-errors.js';
import { toCreditMove } from './credit-moves.view.js';

const errors = errorResponses(400, 401, 403, 404, 409, 422, 503);

/** Decision 176: the player's credit moved from one provider to another. */
export const creditMovesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.creditMoves;
  const tags = ['credit-moves'];
  // a logged-out call answers 401 before its body is judged
  const loggedIn = { preValidation: async (request: FastifyRequest) => void requirePlayer(request) };

  app.post(
    '/v2/credit-moves',
    {
      ...loggedIn,
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Move credit from one provider to another (answers where it stands: DONE, FAILED, RETURNED or still under way)',
        body: createCreditMoveBodySchema,
        response: { 201: creditMoveResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const m = await service.create(agencyOf(request), requirePlayer(request), request.body, request.idempotency?.key);
      return reply.status(201).send({ move: toCreditMove(m) });
    },
  );

  app.get(
    '/v2/credit-moves/:id',
    {
      ...loggedIn,
      schema: {
        tags,
        summary: "One of the player's moves, as it is now (the dialog follows it while it is under way)",
        params: creditMoveParamsSchema,
        response: { 200: creditMoveResponseSchema, ...errors },
      },
    },
    async (request) => {
      const p = requirePlayer(request);
      return { move: toCreditMove(await service.one(p.agencyId, p.playerId, request.params.id)) };
    },
  );
};
