import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import { AppError } from '../errors.js';
import { BANK_NOTICES_PREFIX } from '../payments/index.js';
import { LANGUAGE_SWITCH_SCRIPT } from '@app/contracts/languages';

/** The CSP source allowing the prerendered pages' one inline script (decision 173) and no other. */
export const LANGUAGE_SWITCH_HASH = `'sha256-${createHash('sha256').update(LANGUAGE_SWITCH_SCRIPT).digest('base64')}'`;

// JSON.stringify escapes exactly these: NUL and unpaired surrogates (a valid pair is written as is)
const UNSTORABLE = /\\u0000|\\ud[89a-f][0-9a-f]{2}/i;
const unstorable = (value: unknown) => UNSTORABLE.test(JSON.stringify(value) ?? '');
const invalidCharacters = () => new AppError('VALIDATION_FAILED', 'The request is not valid.', { _: 'validation.invalid_characters' });

/**
 * Paths that take state-changing calls from other servers (signed), not from browsers: the banks'
 * notices, each checked by its bank's signature (a JDB or LVB webhook was refused here before).
 */
const serverToServer = (path: string) => path.startsWith(BANK_NOTICES_PREFIX);

/**
 * Powerful browser features the site never uses, off for it and anything it could ever embed: an
 * injected script cannot ask for the camera, the microphone, the location or a payment. Only
 * features Chromium knows: an unknown one is a console error on every page.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

const crossSite = () => new AppError('FORBIDDEN', 'cross-site request refused');

/**
 * Whether a call's Origin is the origin it was sent to: scheme, host and port. The scheme is the
 * connection's, or X-Forwarded-Proto from a trusted proxy (Fastify's `request.protocol`); the host
 * is one of the agency's configured hosts, or the call answers AGENCY_NOT_FOUND anyway.
 */
function sameOrigin(origin: string, request: FastifyRequest): boolean {
  try {
    return new URL(origin).origin === new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    // "null" (a sandboxed frame, a privacy redirect) or a malformed header
    return false;
  }
}

function helmetOptions(production: boolean): Readonly<HelmetOptions> {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // the one inline script, by its hash: a returning visitor's language switch (decision 173)
        scriptSrc: ["'self'", LANGUAGE_SWITCH_HASH],
        // Radix sets inline style attributes
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
    strictTransportSecurity: production,
  };
}

/**
 * The headers helmet sets with our options, read off one run of its middleware. Nothing in them
 * depends on the request (no CSP nonces, no directive functions), so they hold for every answer.
 */
export function securityHeaders(production: boolean): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions(production))({} as never, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  // helmet does not set this one
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return Object.freeze(headers);
}

/**
 * Strict headers on every answer and the cross-site request rules of DESIGN.md §10: JSON bodies
 * only, and a state-changing call must say it comes from our own origin (Origin, else
 * Sec-Fetch-Site), except the banks' signed notices.
 */
export const security = fp(async (app: FastifyInstance) => {
  // helmet's own header set for our options, worked out once: the options are the same for every
  // answer, so the headers are too (helmet per request re-parsed the CSP on every answer)
  const headers = securityHeaders(app.config.NODE_ENV === 'production');
  const names = Object.keys(headers);
  const values = Object.values(headers);
  // only JSON is parsed; anything else answers 415 UNSUPPORTED_MEDIA_TYPE
  app.removeContentTypeParser(['text/plain', 'application/json']);
  // Fastify's own parser (prototype-poisoning checks included), then a refusal of text PostgreSQL
  // cannot store (NUL, lone surrogates): every route gets a 400 instead of a 500 from the database
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parseJson(request, body as string, (err, value) => {
      if (err) return done(err, undefined);
      done(unstorable(value) ? invalidCharacters() : null, value);
    });
  });
  // the same refusal for the query string and the path: a NUL in a search or a filter reached the
  // database and answered 500 (the fuzz test found it on the audit log's action filter)
  // (a callback hook: every route runs it, and an async one cost each answer a promise)
  app.addHook('preValidation', (request, _reply, done) => {
    done(unstorable(request.query) || unstorable(request.params) ? invalidCharacters() : undefined);
  });

  const checkOrigin = (request: FastifyRequest) => {
    const path = request.url.split('?')[0]!;
    if (!path.startsWith('/api/') || serverToServer(path)) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (!sameOrigin(origin, request)) throw crossSite();
      return;
    }
    // a browser that sends no Origin still tells where the call comes from; a call that says
    // neither is refused, whoever sent it (docs/decisions/041-requests-from-browsers-and-proxies.md)
    if (request.headers['sec-fetch-site'] !== 'same-origin') throw crossSite();
  };
  // the first hook of all, so that an answer refused here or by any later hook carries the headers
  // too; synchronous: reads need no origin check and pay no promise
  app.addHook('onRequest', (request, reply, done) => {
    for (let i = 0; i < names.length; i++) reply.header(names[i]!, values[i]);
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
