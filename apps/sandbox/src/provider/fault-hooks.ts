import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ProviderApiError } from './errors.js';
import type { FaultStore } from './faults.js';
import type { Holds } from './hold.js';

/**
 * The fault knobs (POST /providers/_faults) on every route of a scope that names its operation,
 * whatever protocol the scope speaks: maintenance and 5xx are thrown as ProviderApiError (each
 * protocol's error handler answers them its way), a refused transfer is flagged on the request,
 * and a timeout after commit holds the answer once the work is done.
 */
export function installFaultHooks(app: FastifyInstance, faults: FaultStore, holds: Holds) {
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
  app.addHook('preHandler', (request, _reply, done) => {
    if (faults.empty) return done();
    applyFault(request).then(() => done(), done);
  });
  // the work is done and committed by now: hold the answer back
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.holdMs > 0) void holds.wait(request.holdMs, request).then(() => done(null, payload));
    else done(null, payload);
  });
}
