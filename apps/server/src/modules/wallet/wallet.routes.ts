import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { creditResponseSchema, currenciesResponseSchema, errorBodySchema, providerParamsSchema } from '@app/contracts';
import { agencyOf } from '../../plugins/agency.js';
import { requirePlayer } from '../../plugins/session.js';
import { creditAt } from './credits.service.js';
import { listCurrencies } from './currencies.service.js';

export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/currencies',
    {
      schema: {
        tags: ['wallet'],
        summary: 'Enabled currencies with their rates, one per distinct mid or currency',
        response: { 200: currenciesResponseSchema, 404: errorBodySchema },
      },
    },
    async (request) => ({ currencies: await listCurrencies(app.db, agencyOf(request).id) }),
  );

  app.get(
    '/v2/players/credits/:provider',
    {
      schema: {
        tags: ['wallet'],
        summary: 'The player\'s credit at a provider, asked live ("0" THB without an account there)',
        params: providerParamsSchema,
        response: { 200: creditResponseSchema, 401: errorBodySchema, 404: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      const session = requirePlayer(request);
      // a credit is never fresh (SPEC.md §7): no cache between the player and the provider
      reply.header('cache-control', 'no-store');
      return creditAt(app, session, request.params.provider);
    },
  );
};
