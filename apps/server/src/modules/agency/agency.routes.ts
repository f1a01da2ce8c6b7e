import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agencyInfoResponseSchema, errorBodySchema, type AgencyInfoResponse } from '@app/contracts';
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
    async (request, reply) => {
      // the same bytes the schema's serializer would write, made once per cache fill; the type
      // provider does not model a pre-serialized body, hence the cast
      const body = agencyOf(request).infoJson as unknown as AgencyInfoResponse;
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
};
