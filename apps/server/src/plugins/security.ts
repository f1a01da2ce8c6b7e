import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import { AppError } from '../errors.js';

// JSON.stringify escapes exactly these: NUL and unpaired surrogates (a valid pair is written as is)
const UNSTORABLE = /\\u0000|\\ud[89a-f][0-9a-f]{2}/i;

/** Paths that take state-changing calls from other servers (signed), not from browsers. */
const SERVER_TO_SERVER = ['/api/v2/payments/callback'];

/**
 * Strict headers on every answer and the cross-site request rules of DESIGN.md §10:
 * JSON bodies only, and a state-changing call from a browser must come from our own origin.
 */
export const security = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix sets inline style attributes; no inline scripts anywhere
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    // headers for browsers long gone (IE's download prompt, Flash, the XSS auditor) or with no effect
    // here; each costs bytes on every answer to a slow phone
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    xDnsPrefetchControl: false,
    originAgentCluster: false,
    strictTransportSecurity: app.config.NODE_ENV === 'production',
  });

  // only JSON is parsed; anything else answers 415 UNSUPPORTED_MEDIA_TYPE
  app.removeContentTypeParser(['text/plain', 'application/json']);
  // Fastify's own parser (prototype-poisoning checks included), then a refusal of text PostgreSQL
  // cannot store (NUL, lone surrogates): every route gets a 400 instead of a 500 from the database
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parseJson(request, body as string, (err, value) => {
      if (err) return done(err, undefined);
      if (UNSTORABLE.test(JSON.stringify(value) ?? '')) {
        return done(new AppError('VALIDATION_FAILED', 'The request is not valid.', { _: 'validation.invalid_characters' }), undefined);
      }
      done(null, value);
    });
  });

  const checkOrigin = (request: FastifyRequest) => {
    const path = request.url.split('?')[0]!;
    if (!path.startsWith('/api/') || SERVER_TO_SERVER.includes(path)) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      let host: string;
      try {
        host = new URL(origin).host;
      } catch {
        throw new AppError('FORBIDDEN', 'cross-site request refused');
      }
      if (host !== request.host) throw new AppError('FORBIDDEN', 'cross-site request refused');
      return;
    }
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') {
      throw new AppError('FORBIDDEN', 'cross-site request refused');
    }
  };
  // synchronous: reads need no check and pay no promise
  app.addHook('onRequest', (request, _reply, done) => {
    const method = request.method;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return done();
    try {
      checkOrigin(request);
      done();
    } catch (err) {
      done(err as Error);
    }
  });
});
