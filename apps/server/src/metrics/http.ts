import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { httpDuration, httpRequests } from './registry.js';

/**
 * Counts and times every answer by its route's pattern (`/api/v2/withdrawals/:id`, never the URL a
 * client sent, which would make one series per id or probe) and status. A request no route took
 * (a 404 of a stranger's scan) counts as `unmatched`.
 */
export const httpMetricsPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    httpRequests.inc(labels);
    httpDuration.observe(labels, reply.elapsedTime / 1000);
  });
});
