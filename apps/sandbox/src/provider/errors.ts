import type { FastifyInstance } from 'fastify';

/**
 * A definite answer from the provider that is not a success. The body shape mirrors the server's
 * (`{"error":{"code","message"}}`) so that one client can read both; `extra` rides along
 * (e.g. the refused transfer, so that a repeated reference gets the same answer).
 */
export class ProviderApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export function errorBody(code: string, message: string, extra: Record<string, unknown> = {}) {
  return { error: { code, message }, ...extra };
}

/** Same answer shape for thrown errors, bad JSON and unknown routes inside the provider API. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err, request, reply) => {
    if (err instanceof ProviderApiError) {
      return reply.status(err.statusCode).send(errorBody(err.code, err.message, err.extra));
    }
    const status = (err as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody('BAD_REQUEST', (err as Error).message));
    }
    request.log.error({ err }, 'provider sandbox error');
    return reply.status(500).send(errorBody('INTERNAL', 'provider error'));
  });
}
