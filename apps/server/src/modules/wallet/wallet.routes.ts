import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { creditResponseSchema, currenciesResponseSchema, providerParamsSchema } from '@app/contracts';
import { agencyOf } from '../../plugins/agency.js';
import { requirePlayer } from '../../plugins/session.js';
import { errorResponses } from '../shared/route-errors.js';

export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const { wallet } = app.services;
  app.get(
    '/v2/currencies',
    {
      schema: {
        tags: ['wallet'],
        summary: 'Enabled currencies with their rates, one per distinct mid or currency',
        response: { 200: currenciesResponseSchema, ...errorResponses(404) },
      },
    },
    async (request) => ({ currencies: await wallet.currencies(agencyOf(request).id) }),
  );

  app.get(
    '/v2/players/credits/:provider',
    {
      schema: {
        tags: ['wallet'],
        summary: 'The player\'s credit at a provider, asked live ("0" THB without an account there)',
        params: providerParamsSchema,
        response: { 200: creditResponseSchema, ...errorResponses(401, 404, 503) },
      },
    },
    async (request, reply) => {
      const session = requirePlayer(request);
      // a credit is never fresh (SPEC.md §7): no cache between the player and the provider
      reply.header('cache-control', 'no-store');
      return wallet.creditAt(session, request.params.provider);
    },
  );
};
