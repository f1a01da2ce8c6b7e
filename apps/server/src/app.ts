import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { openDatabase, type Database, type Db } from './db/client.js';
import { migrateOnStart } from './db/migrate-on-start.js';
import { seedDemo, seedReference } from './db/seed.js';
import { errorHandler, frameworkErrors } from './plugins/error-handler.js';
import { security } from './plugins/security.js';
import { agencyPlugin } from './plugins/agency.js';
import { openapi } from './plugins/openapi.js';
import { webPlugin } from './plugins/web.js';
import { sessionPlugin } from './plugins/session.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { loginThrottlePlugin } from './plugins/login-throttle.js';
import { idempotencyPlugin } from './plugins/idempotency.js';
import { ledgerPlugin } from './plugins/ledger.js';
import { onePayListenerPlugin } from './payments/onepay/plugin.js';
import { paymentsPlugin } from './payments/plugin.js';
import { providersPlugin } from './providers/registry.js';
import { staffSessionPlugin } from './plugins/staff-session.js';
import { staffAccessPlugin } from './plugins/staff-access.js';
import { servicesPlugin } from './services.js';
import { accountsRoutes } from './modules/accounts/index.js';
import { agencyRoutes } from './modules/agency/index.js';
import { bankAccountRoutes } from './modules/bank-accounts/index.js';
import { depositCallbackRoutes, depositRoutes } from './modules/deposits/index.js';
import { gameRoutes } from './modules/games/index.js';
import { promotionImageRoutes, promotionsRoutes, promotionsStaffRoutes } from './modules/promotions/index.js';
import { walletRoutes } from './modules/wallet/index.js';
import { withdrawalsRoutes, withdrawalsStaffRoutes } from './modules/withdrawals/index.js';
import { creditMovesRoutes } from './modules/credit-moves/index.js';
import { alertsRoutes } from './modules/backoffice/alerts/index.js';
import { attentionRoutes } from './modules/backoffice/attention/index.js';
import { reconciliationRoutes } from './modules/backoffice/reconciliation/index.js';
import { auditRoutes } from './modules/backoffice/audit/index.js';
import { dashboardRoutes } from './modules/backoffice/dashboard/index.js';
import { exportsRoutes } from './modules/backoffice/exports/index.js';
import { reportsRoutes } from './modules/backoffice/reports/index.js';
import { staffPlayersRoutes } from './modules/backoffice/staff-players/index.js';
import { staffSettingsRoutes } from './modules/backoffice/staff-settings/index.js';
import { staffRoutes } from './modules/backoffice/staff/index.js';
import { qrInspectRoutes } from './modules/qr-inspect/index.js';
import { fraudSignalsStaffRoutes } from './modules/fraud-signals/index.js';
import { responsiblePlayRoutes, responsiblePlayStaffRoutes } from './modules/responsible-play/index.js';
import { providerMaintenanceRoutes, providerMaintenanceStaffRoutes } from './modules/provider-maintenance/index.js';
import { announcementsModule } from './modules/announcements/index.js';
import { playTimeRoutes } from './modules/play-time/index.js';
import { healthPlugin } from './plugins/health.js';
import { metricsPlugin } from './metrics/plugin.js';
import { requestIdGenerator, requestIdPlugin } from './plugins/request-id.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
  }
}

export interface BuildOptions {
  config: Config;
  /** an already-open database (tests); otherwise opened from the config and closed with the app */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
  /** the clock of the time rules (responsible play): tests move it; the system clock otherwise */
  now?: () => Date;
}

/** Builds the whole app without listening: `server.ts` listens, tests `inject`. */
export async function buildApp({ config, database, logger, now }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 64 * 1024,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    connectionTimeout: config.CONNECTION_TIMEOUT_MS,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    genReqId: requestIdGenerator(config.TRUST_PROXY),
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ownsDatabase = !database;
  const db =
    database ??
    (await openDatabase({
      url: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      poolSize: config.DATABASE_POOL_SIZE,
      onIdleError: (err) => app.log.warn({ err }, 'idle database connection failed; replaced'),
    }));
  app.decorate('config', config);
  app.decorate('database', db);
  app.decorate('db', db.db);
  if (ownsDatabase) {
    app.addHook('onClose', async () => db.close());
    await migrateOnStart(db, config, app.log);
    await seedReference(db.db);
    if (config.SEED_DEMO) await seedDemo(db.db, config, app.log);
  }

  // external → app → routes (the order is visible on purpose)
  await app.register(requestIdPlugin);
  await app.register(metricsPlugin);
  await app.register(errorHandler);
  await app.register(security);
  await app.register(cookie);
  await app.register(openapi);
  await app.register(agencyPlugin);
  await app.register(sessionPlugin);
  await app.register(rateLimitPlugin);
  await app.register(loginThrottlePlugin);
  await app.register(providersPlugin);
  await app.register(paymentsPlugin);
  await app.register(idempotencyPlugin);
  await app.register(ledgerPlugin);
  await app.register(healthPlugin);
  await app.register(staffSessionPlugin);
  // every /api/v2/backoffice route's roles, from its declaration (decision 050)
  await app.register(staffAccessPlugin);
  // the services other modules use, from the parts above (services.ts, which also decorates app.core); a module
  // whose service nobody else uses builds it in its own plugin below from app.core (decision 152)
  // before the services: its preClose stops hearing OnePay payments before the deposits stop confirming
  await app.register(onePayListenerPlugin);
  await app.register(servicesPlugin, { now: now ?? (() => new Date()) });

  await app.register(agencyRoutes, { prefix: '/api' });
  await app.register(accountsRoutes, { prefix: '/api' });
  await app.register(bankAccountRoutes, { prefix: '/api' });
  await app.register(walletRoutes, { prefix: '/api' });
  await app.register(gameRoutes, { prefix: '/api' });
  await app.register(depositRoutes, { prefix: '/api' });
  await app.register(depositCallbackRoutes);
  await app.register(withdrawalsRoutes, { prefix: '/api' });
  await app.register(creditMovesRoutes, { prefix: '/api' });
  await app.register(promotionsRoutes, { prefix: '/api' });
  await app.register(responsiblePlayRoutes, { prefix: '/api' });
  await app.register(providerMaintenanceRoutes, { prefix: '/api' });
  await app.register(announcementsModule, { prefix: '/api' });
  await app.register(playTimeRoutes, { prefix: '/api' });
  // the back office: its staff, then each screen of its menu (DESIGN.md §9)
  await app.register(staffRoutes, { prefix: '/api' });
  await app.register(withdrawalsStaffRoutes, { prefix: '/api' });
  await app.register(dashboardRoutes, { prefix: '/api' });
  await app.register(promotionsStaffRoutes, { prefix: '/api' });
  await app.register(promotionImageRoutes, { prefix: '/api' });
  await app.register(attentionRoutes, { prefix: '/api' });
  await app.register(reconciliationRoutes, { prefix: '/api' });
  await app.register(exportsRoutes, { prefix: '/api' });
  await app.register(reportsRoutes, { prefix: '/api' });
  await app.register(staffPlayersRoutes, { prefix: '/api' });
  await app.register(fraudSignalsStaffRoutes, { prefix: '/api' });
  await app.register(responsiblePlayStaffRoutes, { prefix: '/api' });
  await app.register(staffSettingsRoutes, { prefix: '/api' });
  await app.register(providerMaintenanceStaffRoutes, { prefix: '/api' });
  await app.register(auditRoutes, { prefix: '/api' });
  await app.register(alertsRoutes, { prefix: '/api' });
  await app.register(qrInspectRoutes, { prefix: '/api' });

  await app.register(webPlugin);
  return app;
}
