import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Registry } from 'prom-client';
import { registerDatabaseGauges } from './database-gauges.js';
import { httpMetricsPlugin } from './http.js';
import { processRegistry } from './registry.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Prometheus text of this instance: the process's counters and this app's database figures (./listener.ts serves it). */
    metrics: { contentType: string; scrape(): Promise<string> };
  }
}

/** Counts the answers, and makes the scrape; served on a listener of its own (./listener.ts), never on the public port. */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(httpMetricsPlugin);
  const own = new Registry();
  registerDatabaseGauges(own, app.database);
  app.decorate('metrics', {
    contentType: processRegistry.contentType,
    scrape: () => Registry.merge([processRegistry, own]).metrics(),
  });
});
