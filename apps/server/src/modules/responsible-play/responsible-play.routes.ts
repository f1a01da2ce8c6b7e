import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { playerLimitsResponseSchema, postExclusionSchema, putDepositLimitsSchema } from '@app/contracts';
import { requirePlayer } from '../../plugins/session.js';
import { errorResponses } from '../shared/route-errors.js';

const tags = ['responsible-play'];
const errors = errorResponses(400, 401, 403);

/** The player's own deposit limits and exclusion (docs/decisions/160-responsible-play.md). */
export const responsiblePlayRoutes: FastifyPluginAsyncZod = async (app) => {
  const { responsiblePlay } = app.services;

  app.get(
    '/v2/players/limits',
    {
      schema: {
        tags,
        summary: 'Deposit limits in force, what is used and left, changes waiting; the exclusion in force',
        response: { 200: playerLimitsResponseSchema, ...errors },
      },
    },
    async (request) => responsiblePlay.view(requirePlayer(request)),
  );

  app.put(
    '/v2/players/limits',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Set the deposit limits (kip, null for none): lower at once, higher or removed after 24 h',
        body: putDepositLimitsSchema,
        response: { 200: playerLimitsResponseSchema, ...errors },
      },
    },
    async (request) => responsiblePlay.setLimits(requirePlayer(request), request.body),
  );

  app.post(
    '/v2/players/exclusion',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Cool off (24h, 7d, 30d) or exclude oneself (6m, 1y, permanent); nobody ends it early',
        body: postExclusionSchema,
        response: { 201: playerLimitsResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await responsiblePlay.exclude(requirePlayer(request), request.body.period)),
  );
};
