import type { FastifyInstance } from 'fastify';
import { ProviderApiError } from '../provider/errors.js';

/** A definite refusal by the gateway, answered as `{"error":{"code","message"}}` like the server's errors. */
export class BankApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** One answer shape inside the gateway's routes: thrown refusals, bad JSON, failed validation. */
export function installBankErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err, request, reply) => {
    // signature refusals come from the check the provider API shares (ProviderApiError)
    if (err instanceof BankApiError || err instanceof ProviderApiError) {
      return reply.status(err.statusCode).send({ error: { code: err.code, message: err.message } });
    }
    const status = (err as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: { code: 'BAD_REQUEST', message: (err as Error).message } });
    }
    request.log.error({ err }, 'bank sandbox error');
    return reply.status(500).send({ error: { code: 'INTERNAL', message: 'bank gateway error' } });
  });
}
