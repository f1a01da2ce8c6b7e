import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';

export interface MetricsListener {
  address: AddressInfo;
  close(): Promise<void>;
}

/** What the listener serves: an app (its `metrics` and `log`), or the primary of several processes (../cluster.ts). */
export interface MetricsSource {
  metrics: { contentType: string; scrape(): Promise<string> };
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
}

/**
 * `GET /metrics` on METRICS_HOST:METRICS_PORT (127.0.0.1:9464 in production), a listener apart from the
 * public port: the figures (withdrawals waiting, amounts in flight) are the operator's, never a
 * player's. METRICS_PORT=0 (or off): none. docs/operations.md lists what to watch. With
 * SERVER_PROCESSES above 1 only the primary listens, answering every worker's figures aggregated.
 */
export async function startMetricsListener(
  app: MetricsSource,
  config: Pick<Config, 'METRICS_HOST' | 'METRICS_PORT'>,
): Promise<MetricsListener | null> {
  if (config.METRICS_PORT === 0) return null;
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found: GET /metrics\n');
      return;
    }
    app.metrics.scrape().then(
      (text) => res.writeHead(200, { 'content-type': app.metrics.contentType }).end(text),
      (err: unknown) => {
        app.log.error({ err }, 'metrics scrape failed');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('scrape failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.METRICS_PORT, config.METRICS_HOST, () => resolve());
  });
  const address = server.address() as AddressInfo;
  app.log.info({ address: `http://${address.address}:${address.port}/metrics` }, 'metrics listening');
  return {
    address,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
