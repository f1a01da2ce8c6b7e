import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Worker } from '../jobs/worker.js';
import { TransferService, type ProviderLookup } from '../ledger/transfers/index.js';
import { lastLedgerCheckAt, runLedgerCheck } from '../ledger/check-record.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** provider transfers through the outbox (ledger/transfers.ts) */
    transfers: TransferService;
    /** the job worker; started with the app when WORKER_ENABLED */
    worker: Worker;
  }
}

const HOUR_MS = 3_600_000;

/** Wires the money core: the transfer service, the job worker, and their lifecycle. */
export const ledgerPlugin = fp(async (app: FastifyInstance) => {
  const config = app.config;
  const worker = new Worker(app.db, app.log, {
    pollMs: config.WORKER_POLL_MS,
    retryBaseMs: config.WORKER_RETRY_BASE_MS,
    leaseMs: config.WORKER_LEASE_MS,
    retention: {
      jobsMs: config.JOB_RETENTION_HOURS * HOUR_MS,
      idempotencyMs: config.IDEMPOTENCY_RETENTION_HOURS * HOUR_MS,
      everyMs: 10 * 60_000,
    },
  });
  // looked up on use: the providers plugin registers before this one
  const providers: ProviderLookup = { get: (id) => app.getDecorator<ProviderLookup>('providers').get(id) };
  const transfers = new TransferService(app.db, providers, app.log, {
    retryBaseMs: config.WORKER_RETRY_BASE_MS,
    attentionMinutes: config.TRANSFER_ATTENTION_MINUTES,
    dispatchConcurrency: config.PROVIDER_CALL_CONCURRENCY,
  });
  transfers.attach(worker);
  // the ledger check every LEDGER_CHECK_HOURS, by whichever instance's worker sees it due first (its result is a metric)
  worker.every('ledger check', 10 * 60_000, async () => {
    const last = await lastLedgerCheckAt(app.db);
    if (last && Date.now() - last.getTime() < config.LEDGER_CHECK_HOURS * HOUR_MS) return;
    const { problems, durationMs } = await runLedgerCheck(app.db);
    if (problems.length > 0) app.log.error({ problems: problems.slice(0, 20), count: problems.length }, 'the ledger check found problems');
    else app.log.info({ durationMs }, 'ledger check passed');
  });
  app.decorate('transfers', transfers);
  app.decorate('worker', worker);
  if (config.WORKER_ENABLED) app.addHook('onReady', async () => worker.start());
  // the transfers this process dispatched finish before anything closes (their jobs cover a crash, not a stop)
  app.addHook('preClose', async () => transfers.idle());
  app.addHook('onClose', async () => worker.stop());
});
