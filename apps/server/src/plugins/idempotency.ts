import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq } from 'drizzle-orm';
import { idempotencyKeys } from '../db/schema/index.js';
import { AppError } from '../errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** honour the Idempotency-Key header on this route (DESIGN.md §3) */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency: { agencyId: string; owner: string; key: string } | null;
  }
}

const HEADER = 'idempotency-key';
const KEY = /^[\w.:-]{1,128}$/;

/**
 * The same key with the same body answers the first answer again (marked `idempotent-replayed`);
 * with another body 422 IDEMPOTENCY_KEY_REUSED; while the first is still running 409 CONFLICT.
 * Keys are per agency and per owner (the player), so one player's key never meets another's.
 * A 5xx answer is not kept, so the client may retry with the same key.
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('idempotency', null);

  // attached to the routes that ask for it only: every other request skips both hooks
  const preHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const raw = request.headers[HEADER];
    if (raw === undefined || !request.agency) return;
    const key = Array.isArray(raw) ? raw[0]! : raw;
    if (!KEY.test(key)) throw new AppError('VALIDATION_FAILED', 'bad Idempotency-Key', { [HEADER]: 'idempotency.invalid' });
    const agencyId = request.agency.id;
    const owner = request.player?.playerId ?? 'anonymous';
    const route = `${request.method} ${request.routeOptions.url}`;
    const requestHash = createHash('sha256')
      .update(`${route}\n${request.url}\n${JSON.stringify(request.body ?? null)}`)
      .digest('hex');
    const inserted = await app.db
      .insert(idempotencyKeys)
      .values({ agencyId, owner, key, route, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted[0]) {
      request.idempotency = { agencyId, owner, key };
      return;
    }
    const [first] = await app.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.agencyId, agencyId), eq(idempotencyKeys.owner, owner), eq(idempotencyKeys.key, key)));
    if (!first) throw new AppError('CONFLICT', 'try again');
    if (first.requestHash !== requestHash) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', 'this Idempotency-Key was used with another request');
    }
    if (first.statusCode === null) throw new AppError('CONFLICT', 'the first request with this key is still running');
    return reply.code(first.statusCode).header('idempotent-replayed', 'true').send(first.response);
  };

  const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const k = request.idempotency;
    if (!k) return payload;
    request.idempotency = null;
    const where = and(eq(idempotencyKeys.agencyId, k.agencyId), eq(idempotencyKeys.owner, k.owner), eq(idempotencyKeys.key, k.key));
    if (reply.statusCode >= 500) {
      await app.db.delete(idempotencyKeys).where(where);
      return payload;
    }
    let response: unknown = null;
    if (typeof payload === 'string' && payload.length > 0) {
      try {
        response = JSON.parse(payload);
      } catch {
        response = payload;
      }
    }
    await app.db.update(idempotencyKeys).set({ statusCode: reply.statusCode, response }).where(where);
    return payload;
  };

  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    route.preHandler = [...toArray(route.preHandler), preHandler];
    route.onSend = [...toArray(route.onSend), onSend];
  });
});

function toArray<T>(v: T | T[] | undefined): T[] {
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}
