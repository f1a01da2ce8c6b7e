import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agencyInfoResponseSchema, errorBodySchema } from '@app/contracts';
import { agencyOf } from '../../plugins/agency.js';

export const agencyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/agency/info',
    {
      schema: {
        tags: ['agency'],
        summary: "The agency serving this request's host",
        response: { 200: agencyInfoResponseSchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const agency = agencyOf(request);
      return { agency: { id: agency.id, social: agency.social } };
    },
  );
};
