import type { FastifyInstance } from 'fastify';
import type { SandboxConfig } from '../config.js';
import { createSchema, openSandboxDb, sandboxDbLocation } from '../db.js';
import { adminRoutes } from './admin-routes.js';
import { apiRoutes } from './api-routes.js';
import { ProviderApiError, installErrorHandler } from './errors.js';
import { FaultStore, type Operation } from './faults.js';
import { installFaultHooks } from './fault-hooks.js';
import { ambRoutes } from './amb/amb-routes.js';
import { betflixRoutes } from './betflix/betflix-routes.js';
import { Holds } from './hold.js';
import { LaunchService } from './launch.js';
import { playRoutes } from './play-routes.js';
import { PROVIDER_SCHEMA } from './schema.js';
import { verifySignature } from './signature.js';
import { ProviderWallet } from './wallet.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the provider operation a signed route performs (fault knobs can target it) */
    operation?: Operation;
  }
  interface FastifyRequest {
    forceRefuse: boolean;
    holdMs: number;
  }
}

/**
 * The transfer-wallet game provider for all five providers, under /providers/:providerId
 * (docs/decisions/007-provider-sandbox.md). Its state lives in its own PGlite database, or in
 * SANDBOX_DATABASE_URL's (decision 022).
 */
export async function providerSandbox(app: FastifyInstance, opts: { config: SandboxConfig }) {
  const { config } = opts;
  const db = await openSandboxDb(sandboxDbLocation(config, 'provider'), {
    onIdleError: (err) => app.log.warn({ err }, 'idle database connection failed; replaced'),
  });
  await createSchema(db, PROVIDER_SCHEMA);
  const wallet = new ProviderWallet(db);
  const launches = new LaunchService(db);
  const faults = new FaultStore();
  const holds = new Holds();
  app.addHook('preClose', async () => holds.releaseAll());
  app.addHook('onClose', async () => db.close());
  app.decorateRequest('forceRefuse', false);
  app.decorateRequest('holdMs', 0);

  await app.register(async (signed) => {
    installErrorHandler(signed);
    // the signature covers the body exactly as sent, so keep it before parsing
    signed.removeContentTypeParser('application/json');
    signed.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      request.rawBody = body as string;
      try {
        done(null, body === '' ? {} : JSON.parse(body as string));
      } catch {
        done(new ProviderApiError(400, 'VALIDATION_FAILED', 'the body is not JSON'), undefined);
      }
    });
    // the hooks below run on every call: callback style, without a promise when there is nothing to wait for
    signed.addHook('preHandler', (request, _reply, done) => {
      verifySignature(request, config.PROVIDER_SECRET); // a throw is answered as an error, as a rejection is
      done();
    });
    await signed.register(adminRoutes, { wallet, faults });

    await signed.register(async (api) => {
      installFaultHooks(api, faults, holds);
      await apiRoutes(api, { wallet, launches, publicUrl: () => config.SANDBOX_PUBLIC_URL });
    });
  });

  // the same wallet through the real protocols' shapes (docs/decisions/140-provider-protocols.md)
  const protocolDeps = { wallet, launches, db, faults, holds, config, publicUrl: () => config.SANDBOX_PUBLIC_URL };
  await app.register(ambRoutes, { prefix: '/amb/:providerId/v0.1/partner/member', ...protocolDeps });
  await app.register(betflixRoutes, { prefix: '/betflix/:providerId/v4', ...protocolDeps });

  await app.register(playRoutes, { wallet, launches });
}
