import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI generated from the routes' zod schemas: /api/docs/openapi.json and a page at /api/docs,
 * with API_DOCS_ENABLED (default off in production: the map of every call is no one's business there).
 */
export const openapi = fp(async (app: FastifyInstance) => {
  if (!app.config.API_DOCS_ENABLED) return;
  await app.register(swagger, {
    openapi: {
      info: { title: 'Lao Credit player API', version: '2.0.0' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sid' },
          staffSession: { type: 'apiKey', in: 'cookie', name: 'staff_sid' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});
