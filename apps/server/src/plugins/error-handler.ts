import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '@app/contracts';
import { isDatabaseUnreachable } from '../db/errors.js';
import { AppError } from '../errors.js';
import { StoreUnavailable } from './rate-limit.js';

function body(code: ErrorCode, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/**
 * Errors Fastify answers before routing (a URL that does not decode, FST_ERR_BAD_URL) skip the error
 * handler: the `frameworkErrors` option of the instance gives them the one shape too.
 */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 400;
  return reply.status(status).send(body(STATUS_CODES[status] ?? 'VALIDATION_FAILED', 'The request is not valid.'));
}

/**
 * One error shape for every failure (docs/decisions/003-error-shape.md). Validation errors carry
 * `fields` (path → message key); a thrown bug answers 500 INTERNAL with no detail.
 */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.statusCode).send(body(err.code, err.message, err.fields));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const v of err.validation) {
        const key = (v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[key] ??= v.message ?? 'invalid';
      }
      return reply.status(400).send(body('VALIDATION_FAILED', 'The request is not valid.', fields));
    }
    const status = err.statusCode ?? 500;
    if (status < 500 && STATUS_CODES[status]) {
      const code = STATUS_CODES[status]!;
      return reply.status(status).send(body(code, status === 400 ? 'The request is not valid.' : err.message));
    }
    if (isDatabaseUnreachable(err) || err instanceof StoreUnavailable) {
      // a moment without the database or the shared counters: the client may send the same call again
      request.log.warn({ err }, 'a dependency is out of reach');
      return reply.status(503).header('retry-after', '1').send(body('SERVICE_UNAVAILABLE', 'Please try again in a moment.'));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL', 'Something went wrong on our side.'));
  });
});
