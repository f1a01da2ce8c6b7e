import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** what a proxy's id may look like: a UUID, a hex trace id, a ULID… never a header full of text for the logs */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Fastify's `genReqId`: the id the TLS proxy gave the request (`X-Request-Id`), when the hop is one
 * of TRUST_PROXY's (a client's own header is ignored, as its X-Forwarded-For is); else a UUID. The
 * id is in every log line of the request (pino's `reqId`) and in the answer's `X-Request-Id`, so a
 * player's report, the proxy's log and ours meet on it.
 */
export function requestIdGenerator(trustProxy: false | string[]): (req: IncomingMessage) => string {
  const trusted = trustProxy === false ? null : proxyAddr.compile(trustProxy);
  return (req) => {
    const given = req.headers['x-request-id'];
    const peer = req.socket.remoteAddress;
    if (trusted && typeof given === 'string' && REQUEST_ID.test(given) && peer && trusted(peer, 0)) return given;
    return randomUUID();
  };
}

/** Every answer carries its request's id. */
export const requestIdPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
});
