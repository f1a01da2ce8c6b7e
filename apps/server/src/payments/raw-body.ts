import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import type { BankGateway, BankNotice } from './bank-gateway.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** the body exactly as received, for signatures (only inside a scope that called useRawJsonBody) */
    rawBody?: string;
  }
}

/**
 * Keeps the JSON body as received in `request.rawBody` (and still parses it) for the routes of this
 * encapsulated scope only: a signature is over the bytes sent, which re-serialising would not give back.
 */
export function useRawJsonBody(scope: FastifyInstance): void {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    request.rawBody = text;
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError('VALIDATION_FAILED', 'the body is not valid JSON'));
    }
  });
}

export interface BankCallbackRouteOptions {
  /** the route's path inside the scope it is registered in, e.g. '/v2/payments/callback' under prefix '/api' */
  path: string;
  /**
   * The adapter whose notices this route takes, for this request (a bank's webhook names the agency
   * in its path): `app.bankGateway` (the sandbox protocol) by default. Throws to refuse the request.
   */
  gatewayFor?(request: FastifyRequest): Promise<BankGateway>;
  /** gets the verified callback; its return value is the answer (a 2xx tells the bank to stop retrying) */
  onCallback(callback: BankNotice, request: FastifyRequest, reply: FastifyReply, gateway: BankGateway): Promise<unknown>;
}

/**
 * The bank's callback route: its own scope keeping the raw body, the signature and time window
 * checked by the adapter's `verifyNotice` before `onCallback` runs. A refused signature answers
 * 401 SIGNATURE_INVALID and the handler never sees the request.
 */
export async function bankCallbackRoute(app: FastifyInstance, opts: BankCallbackRouteOptions): Promise<void> {
  await app.register(async (scope) => {
    useRawJsonBody(scope);
    scope.post(opts.path, async (request, reply) => {
      const gateway = opts.gatewayFor ? await opts.gatewayFor(request) : app.bankGateway;
      if (!gateway.verifyNotice) throw new AppError('NOT_FOUND', 'this bank sends no notices here');
      const callback = gateway.verifyNotice(request.headers, request.rawBody ?? '', new Date());
      return opts.onCallback(callback, request, reply, gateway);
    });
  });
}
