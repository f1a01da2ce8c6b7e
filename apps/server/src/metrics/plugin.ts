import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Registry } from 'prom-client';
import { registerDatabaseGauges } from './database-gauges.js';
import { httpMetricsPlugin } from './http.js';
import { processRegistry } from './registry.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Prometheus text of this instance: the process's counters and this app's database figures (./listener.ts serves it). */
    metrics: {
      contentType: string;
      scrape(): Promise<string>;
      /** what a cluster's worker answers the primary's scrape with (../cluster.ts) */
      registries: Registry[];
    };
  }
}

/** Counts the answers, and makes the scrape; served on a listener of its own (./listener.ts), never on the public port. */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(httpMetricsPlugin);
  const own = new Registry();
  registerDatabaseGauges(own, app.database);
  const registries = [processRegistry, own];
  app.decorate('metrics', {
    contentType: processRegistry.contentType,
    scrape: () => Registry.merge(registries).metrics(),
    registries,
  });
});
