import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SandboxConfig } from '../config.js';
import { createSchema, openSandboxDb, sandboxDbLocation } from '../db.js';
import { adminRoutes } from './admin-routes.js';
import { apiRoutes } from './api-routes.js';
import { ProviderApiError, installErrorHandler } from './errors.js';
import { FaultStore, type Operation } from './faults.js';
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
      const applyFault = async (request: FastifyRequest) => {
        const operation = request.routeOptions.config.operation;
        if (!operation) return;
        const providerId = (request.params as { providerId?: string }).providerId ?? '';
        const fault = faults.take(providerId, operation);
        if (!fault) return;
        await holds.wait(fault.latencyMs);
        if (fault.maintenance) throw new ProviderApiError(503, 'MAINTENANCE', 'the provider is under maintenance');
        if (fault.fail5xx) throw new ProviderApiError(500, 'INTERNAL', 'provider error (fault knob)');
        if (fault.refuse && operation === 'transfer') request.forceRefuse = true;
        else if (fault.refuse) throw new ProviderApiError(403, 'REFUSED', 'refused (fault knob)');
        if (fault.timeoutAfterCommit) request.holdMs = fault.holdMs;
      };
      api.addHook('preHandler', (request, _reply, done) => {
        if (faults.empty) return done();
        applyFault(request).then(() => done(), done);
      });
      // the work is done and committed by now: hold the answer back
      api.addHook('onSend', (request, _reply, payload, done) => {
        if (request.holdMs > 0) void holds.wait(request.holdMs, request).then(() => done(null, payload));
        else done(null, payload);
      });
      await apiRoutes(api, { wallet, launches, publicUrl: () => config.SANDBOX_PUBLIC_URL });
    });
  });

  await app.register(playRoutes, { wallet, launches });
}
