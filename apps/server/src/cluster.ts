import cluster, { type Worker } from 'node:cluster';
import { pino } from 'pino';
import { AggregatorRegistry, Counter, Gauge, Registry } from 'prom-client';
import type { Config } from './config.js';
import { startMetricsListener } from './metrics/listener.js';

/** a dead process is started again no sooner than this after it died, nor after the previous restart */
const RESTART_GAP_MS = 1_000;
/** this many restarts within RESTART_WINDOW_MS and the primary gives up (exit 1: the service manager decides) */
const RESTARTS_PER_WINDOW = 5;
const RESTART_WINDOW_MS = 60_000;
/** after SHUTDOWN_GRACE_MS each process cuts itself short; the primary kills what is left this much later */
const KILL_AFTER_GRACE_MS = 5_000;

/**
 * When to start again a process that died at `now`, given the times of the restarts so far (kept in
 * `restarts`, oldest first; the one planned is added): at least RESTART_GAP_MS after the death and
 * after the previous restart; null when RESTARTS_PER_WINDOW were within the last RESTART_WINDOW_MS.
 */
export function planRestart(restarts: number[], now: number): number | null {
  while (restarts.length > 0 && restarts[0]! <= now - RESTART_WINDOW_MS) restarts.shift();
  if (restarts.length >= RESTARTS_PER_WINDOW) return null;
  const at = Math.max(now, restarts.at(-1) ?? 0) + RESTART_GAP_MS;
  restarts.push(at);
  return at;
}

/**
 * SERVER_PROCESSES above 1 (docs/decisions/191-server-processes.md): this process touches no database
 * and answers no request. It forks the server processes (node:cluster: they share HOST:PORT, the
 * connections dealt round-robin), the first alone, so that it migrates and seeds before the others
 * start; the first WORKER_PROCESSES of them run the job worker. It serves `GET /metrics` on
 * METRICS_HOST:METRICS_PORT for all of them, aggregated (prom-client's AggregatorRegistry).
 *
 * A process that dies is started again in its slot after RESTART_GAP_MS; after RESTARTS_PER_WINDOW
 * restarts within a minute, or when one exits before it ever listened (a refused start), everything
 * stops and the primary exits 1. SIGTERM or SIGINT is passed to every process, each draining as a
 * single process does (server.ts); the primary exits when all have, with status 1 if any did.
 */
export async function runPrimary(config: Config): Promise<void> {
  const log = pino({ level: config.LOG_LEVEL, base: { pid: process.pid, role: 'primary' } });
  const slots = new Map<Worker, number>();
  const listening = new Set<Worker>();
  const restarts: number[] = [];
  let stopping = false;
  let othersForked = false;
  let failed = false;

  const registry = new Registry();
  new Gauge({
    name: 'laocredit_server_processes',
    help: 'Server processes listening (SERVER_PROCESSES when all are up)',
    registers: [registry],
    collect() {
      this.set(listening.size);
    },
  });
  const restartCount = new Counter({
    name: 'laocredit_server_process_restarts_total',
    help: 'Server processes started again after they died',
    registers: [registry],
  });
  const workers = new AggregatorRegistry();
  const metrics = await startMetricsListener(
    {
      metrics: {
        contentType: registry.contentType,
        scrape: async () => {
          const [own, theirs] = await Promise.all([registry.metrics(), workers.clusterMetrics()]);
          return `${own}\n${theirs}`;
        },
      },
      log,
    },
    config,
  );

  const fork = (slot: number) => {
    const worker = cluster.fork(slot > config.WORKER_PROCESSES ? { WORKER_ENABLED: 'false' } : {});
    slots.set(worker, slot);
  };

  const finish = async () => {
    await metrics?.close();
    log.info({ failed }, 'every server process has exited');
    process.exit(failed ? 1 : 0);
  };

  const stopAll = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, processes: slots.size }, 'stopping: passing the signal to every server process');
    for (const worker of slots.keys()) worker.process.kill(signal);
    const backstop = setTimeout(() => {
      log.error({ processes: slots.size }, 'server processes still running after SHUTDOWN_GRACE_MS; killing them');
      failed = true;
      for (const worker of slots.keys()) worker.process.kill('SIGKILL');
    }, config.SHUTDOWN_GRACE_MS + KILL_AFTER_GRACE_MS);
    backstop.unref();
    if (slots.size === 0) void finish();
  };

  cluster.on('listening', (worker, address) => {
    const slot = slots.get(worker);
    listening.add(worker);
    log.info({ slot, worker: worker.process.pid, address: `${address.address}:${address.port}` }, 'server process listening');
    // the first one has migrated and seeded: the others start now, together
    if (othersForked || stopping) return;
    othersForked = true;
    for (let s = 2; s <= config.SERVER_PROCESSES; s++) fork(s);
  });

  cluster.on('exit', (worker, code, signal) => {
    const slot = slots.get(worker)!;
    const wasListening = listening.delete(worker);
    slots.delete(worker);
    const about = { slot, worker: worker.process.pid, code, signal };
    if (stopping) {
      if (code !== 0) failed = true;
      log[code === 0 ? 'info' : 'error'](about, 'server process exited');
      if (slots.size === 0) void finish();
      return;
    }
    if (!wasListening) {
      failed = true;
      log.error(about, 'server process exited before it listened (a refused start); stopping');
      return stopAll('SIGTERM');
    }
    const now = Date.now();
    const at = planRestart(restarts, now);
    if (at === null) {
      failed = true;
      log.fatal(about, `server process died; ${restarts.length} restarts within a minute already: giving up`);
      return stopAll('SIGTERM');
    }
    log.error({ ...about, restartInMs: at - now }, 'server process died; starting another in its slot');
    setTimeout(() => {
      if (stopping) return;
      restartCount.inc();
      fork(slot);
    }, at - now);
  });

  process.on('SIGINT', () => stopAll('SIGINT'));
  process.on('SIGTERM', () => stopAll('SIGTERM'));
  log.info(
    { processes: config.SERVER_PROCESSES, jobWorkers: config.WORKER_ENABLED ? config.WORKER_PROCESSES : 0 },
    'starting server processes',
  );
  fork(1);
}
