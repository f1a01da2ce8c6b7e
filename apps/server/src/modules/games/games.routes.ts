import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  gamesQuerySchema,
  gamesResponseSchema,
  launchGameBodySchema,
  launchGameResponseSchema,
  providerParamsSchema,
} from '@app/contracts';
import { agencyOf } from '../../plugins/agency.js';
import { requirePlayer } from '../../plugins/session.js';
import { errorResponses } from '../shared/route-errors.js';

export const gameRoutes: FastifyPluginAsyncZod = async (app) => {
  const { games } = app.services;
  app.addHook('preValidation', async (request) => {
    requirePlayer(request);
  });

  app.get(
    '/v2/games/:provider',
    {
      schema: {
        tags: ['games'],
        summary: "A provider's game catalogue, one tab at a time",
        params: providerParamsSchema,
        querystring: gamesQuerySchema,
        response: { 200: gamesResponseSchema, ...errorResponses(401, 404, 503) },
      },
    },
    async (request) => games.list(request.params.provider, request.query.tab),
  );

  app.post(
    '/v2/games/:provider/launch',
    {
      config: { sessionUnchanged: true },
      schema: {
        tags: ['games'],
        summary: 'A one-time launch URL for a game; refused without credit at the provider',
        params: providerParamsSchema,
        body: launchGameBodySchema,
        response: { 200: launchGameResponseSchema, ...errorResponses(400, 401, 403, 404, 422, 503) },
      },
    },
    async (request) => {
      const session = requirePlayer(request);
      const { provider } = request.params;
      // the provider sends the player back to this game page: on the agency's own public address,
      // whatever Host the launch call came with (a forged one would make the provider's page an open redirect)
      const returnUrl = `${agencyOf(request).publicOrigin}/player/game/${encodeURIComponent(provider)}`;
      return games.launch(session, { provider, gameId: request.body.gameId, language: request.body.language ?? 'lo', returnUrl });
    },
  );
};
