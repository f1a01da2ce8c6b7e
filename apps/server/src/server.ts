import cluster from 'node:cluster';
import { setTimeout as sleep } from 'node:timers/promises';
import { ConfigError, loadConfig } from './config.js';

/**
 * Listens and closes gracefully; everything else is in app.ts. The configuration is judged before
 * the app is even loaded: a refused one (docs/decisions/038-production-fails-closed.md) exits at once,
 * naming its variables, with status 1; so does a production start with migrations pending.
 *
 * On SIGTERM (or SIGINT): `/readyz` answers 503 at once; after SHUTDOWN_DELAY_MS, for the proxy to
 * stop sending, the listener closes, the requests in flight are answered, the worker's round and the
 * transfers under way finish, and the process exits 0; whatever still runs at SHUTDOWN_GRACE_MS after
 * the signal is cut short with status 1 (its jobs run again elsewhere when their lease ends).
 *
 * SERVER_PROCESSES above 1: this process is the primary of cluster.ts, which runs this start in each
 * of its worker processes; a worker opens no metrics listener (the primary's serves them all).
 */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (config.SERVER_PROCESSES > 1 && cluster.isPrimary) {
    const { runPrimary } = await import('./cluster.js');
    return runPrimary(config);
  }
  const { AggregatorRegistry } = await import('prom-client');
  const { processRegistry } = await import('./metrics/registry.js');
  // a cluster's worker answers the primary's scrapes from the start, with what it has so far
  if (cluster.isWorker) {
    new AggregatorRegistry();
    AggregatorRegistry.setRegistries([processRegistry]);
  }
  const { buildApp } = await import('./app.js');
  const { StartRefused } = await import('./db/migrate-on-start.js');
  const { startMetricsListener } = await import('./metrics/listener.js');
  let app;
  try {
    app = await buildApp({ config });
  } catch (err) {
    if (err instanceof StartRefused) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (cluster.isWorker) AggregatorRegistry.setRegistries(app.metrics.registries);
  const metrics = cluster.isWorker ? null : await startMetricsListener(app, config);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.health.draining = true;
    app.log.info(
      { signal, delayMs: config.SHUTDOWN_DELAY_MS, graceMs: config.SHUTDOWN_GRACE_MS },
      'stopping: unready now, closing after the delay',
    );
    const deadline = setTimeout(() => {
      app.log.error('still finishing requests or jobs at SHUTDOWN_GRACE_MS; exiting');
      process.exit(1);
    }, config.SHUTDOWN_GRACE_MS);
    deadline.unref();
    try {
      await sleep(config.SHUTDOWN_DELAY_MS);
      await app.close();
      await metrics?.close();
      app.log.info('stopped');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'stopping failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  await app.listen({ host: config.HOST, port: config.PORT });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
