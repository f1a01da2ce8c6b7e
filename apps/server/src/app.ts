import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { openDatabase, type Database, type Db } from './db/client.js';
import { migrate } from './db/migrate.js';
import { seedDemo, seedReference } from './db/seed.js';
import { errorHandler, frameworkErrors } from './plugins/error-handler.js';
import { security } from './plugins/security.js';
import { agencyPlugin } from './plugins/agency.js';
import { openapi } from './plugins/openapi.js';
import { webPlugin } from './plugins/web.js';
import { agencyRoutes } from './modules/agency/agency.routes.js';
import { sessionPlugin } from './plugins/session.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { loginThrottlePlugin } from './plugins/login-throttle.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { bankAccountRoutes } from './modules/bank-accounts/bank-accounts.routes.js';
import { idempotencyPlugin } from './plugins/idempotency.js';
import { ledgerPlugin } from './plugins/ledger.js';
import { onePayListenerPlugin } from './payments/onepay/plugin.js';
import { paymentsPlugin } from './payments/plugin.js';
import { providersPlugin } from './providers/registry.js';
import { walletRoutes } from './modules/wallet/wallet.routes.js';
import { gameRoutes } from './modules/games/games.routes.js';
import { depositCallbackRoutes } from './modules/deposits/deposits.callback.js';
import { depositRoutes } from './modules/deposits/deposits.routes.js';
import { staffSessionPlugin } from './plugins/staff-session.js';
import { withdrawalsRoutes } from './modules/withdrawals/withdrawals.routes.js';
import { promotionsRoutes } from './modules/promotions/promotions.routes.js';
import { promotionsStaffRoutes } from './modules/promotions/promotions.staff-routes.js';
import { promotionImageRoutes } from './modules/promotions/promotions.image.js';
import { backofficeRoutes } from './modules/backoffice/backoffice.routes.js';
import { staffRoutes } from './modules/backoffice/staff.routes.js';
import { staffAccessPlugin } from './plugins/staff-access.js';
import { attentionRoutes } from './modules/deposit-attention/attention.routes.js';
import { exportsRoutes } from './modules/exports/exports.routes.js';
import { staffPlayersRoutes } from './modules/staff-players/staff-players.routes.js';
import { staffSettingsRoutes } from './modules/staff-settings/staff-settings.routes.js';
import { qrInspectRoutes } from './modules/qr-inspect/index.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { servicesPlugin } from './services.js';
// @imports (one line per area)

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
}

/** Builds the whole app without listening: `server.ts` listens, tests `inject`. */
export async function buildApp({ config, database, logger }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 64 * 1024,
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
    await migrate(db);
    await seedReference(db.db);
    if (config.SEED_DEMO) await seedDemo(db.db, config, app.log);
  }

  // external → app → routes (the order is visible on purpose)
  await app.register(errorHandler);
  await app.register(security);
  await app.register(cookie);
  await app.register(openapi);
  await app.register(agencyPlugin);
  await app.register(sessionPlugin);
  await app.register(rateLimitPlugin);
  await app.register(loginThrottlePlugin);
  // @plugins:accounts (session, rate limits)
  await app.register(providersPlugin);
  // @plugins:providers
  await app.register(paymentsPlugin);
  // @plugins:payments
  await app.register(idempotencyPlugin);
  await app.register(ledgerPlugin);
  await app.register(staffSessionPlugin);
  // every /api/v2/backoffice route's roles, from its declaration (decision 050)
  await app.register(staffAccessPlugin);
  // @plugins:ledger (idempotency, worker)
  // every module's service, from the parts above (services.ts); the routes below take theirs from app.services
  // before the services: its preClose stops hearing OnePay payments before the deposits stop confirming
  await app.register(onePayListenerPlugin);
  await app.register(servicesPlugin);

  await app.register(agencyRoutes, { prefix: '/api' });
  // area routes register here, one line each, in this order:
  await app.register(accountsRoutes, { prefix: '/api' });
  // @routes:accounts
  await app.register(bankAccountRoutes, { prefix: '/api' });
  await app.register(walletRoutes, { prefix: '/api' });
  await app.register(gameRoutes, { prefix: '/api' });
  // @routes:wallet
  await app.register(depositRoutes, { prefix: '/api' });
  await app.register(depositCallbackRoutes);
  // @routes:deposits
  await app.register(withdrawalsRoutes, { prefix: '/api' });
  await app.register(promotionsRoutes, { prefix: '/api' });
  // @routes:withdrawals
  await app.register(backofficeRoutes, { prefix: '/api' });
  await app.register(staffRoutes, { prefix: '/api' });
  await app.register(dashboardRoutes, { prefix: '/api' });
  await app.register(promotionsStaffRoutes, { prefix: '/api' });
  await app.register(promotionImageRoutes, { prefix: '/api' });
  await app.register(attentionRoutes, { prefix: '/api' });
  await app.register(exportsRoutes, { prefix: '/api' });
  await app.register(staffPlayersRoutes, { prefix: '/api' });
  await app.register(staffSettingsRoutes, { prefix: '/api' });
  await app.register(qrInspectRoutes, { prefix: '/api' });
  // @routes:backoffice

  await app.register(webPlugin);
  return app;
}
