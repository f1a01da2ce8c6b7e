import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorBodySchema,
  gamesQuerySchema,
  gamesResponseSchema,
  launchGameBodySchema,
  launchGameResponseSchema,
  providerParamsSchema,
  type ProviderId,
} from '@app/contracts';
import type { GameCatalogue } from '../../providers/types.js';
import { agencyOf } from '../../plugins/agency.js';
import { requirePlayer } from '../../plugins/session.js';
import { launchGame, listGames } from './games.service.js';

export const gameRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalogues = new Map<ProviderId, { at: number; value: GameCatalogue }>();

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
        response: { 200: gamesResponseSchema, 401: errorBodySchema, 404: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request) => listGames(app, catalogues, request.params.provider, request.query.tab),
  );

  app.post(
    '/v2/games/:provider/launch',
    {
      schema: {
        tags: ['games'],
        summary: 'A one-time launch URL for a game; refused without credit at the provider',
        params: providerParamsSchema,
        body: launchGameBodySchema,
        response: {
          200: launchGameResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          422: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request) => {
      const session = requirePlayer(request);
      const { provider } = request.params;
      // the provider sends the player back to this game page: on the agency's own public address,
      // whatever Host the launch call came with (a forged one would make the provider's page an open redirect)
      const returnUrl = `${agencyOf(request).publicOrigin}/player/game/${encodeURIComponent(provider)}`;
      return launchGame(app, catalogues, session, {
        provider,
        gameId: request.body.gameId,
        language: request.body.language ?? 'lo',
        returnUrl,
      });
    },
  );
};
