import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { isDatabaseUnreachable } from '../db/errors.js';
import { idempotencyKeys } from '../db/schema/index.js';
import { AppError } from '../errors.js';
import { toArray } from './route-options.js';
import { requirePlayer } from './session.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** honour the Idempotency-Key header on this route (DESIGN.md §3) */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency: { agencyId: string; owner: string; key: string; leaseId: string } | null;
  }
}

const HEADER = 'idempotency-key';
const KEY = /^[\w.:-]{1,128}$/;
/** How long a request holds its key before another with the same key and body may take it over: well beyond any request's run */
export const IDEMPOTENCY_LEASE_SECONDS = 60;
const leaseEnd = sql`now() + make_interval(secs => ${IDEMPOTENCY_LEASE_SECONDS})`;

/**
 * The same key with the same body answers the first answer again (marked `idempotent-replayed`);
 * with another body 422 IDEMPOTENCY_KEY_REUSED; while the first is still running 409 CONFLICT.
 * Keys are per agency and per owner (the player), so one player's key never meets another's.
 * A 5xx answer is not kept, so the client may retry with the same key.
 *
 * The session is checked first: a call without one answers 401 before any row is written. A key
 * still without an answer after its lease (IDEMPOTENCY_LEASE_SECONDS: its request died, e.g. in a
 * crash) is taken over by the next request with the same body (docs/decisions/040-repeated-calls.md).
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('idempotency', null);

  // the key's statements, built once for this app's database: each call binds its values (decision 187)
  const ph = (name: string) => sql.placeholder(name);
  const ownKey = and(
    eq(idempotencyKeys.agencyId, ph('agencyId')),
    eq(idempotencyKeys.owner, ph('owner')),
    eq(idempotencyKeys.key, ph('key')),
  );
  const insertKey = app.db
    .insert(idempotencyKeys)
    .values({
      agencyId: ph('agencyId'),
      owner: ph('owner'),
      key: ph('key'),
      route: ph('route'),
      requestHash: ph('requestHash'),
      leaseId: ph('leaseId'),
      leaseExpiresAt: leaseEnd,
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key })
    .prepare('idempotency_insert');
  // a request of its own, or one whose holder died: one statement, so two takers never both win
  const takeOver = app.db
    .update(idempotencyKeys)
    .set({ leaseId: sql`${ph('leaseId')}`, leaseExpiresAt: leaseEnd })
    .where(
      and(
        ownKey,
        isNull(idempotencyKeys.statusCode),
        eq(idempotencyKeys.requestHash, ph('requestHash')),
        lt(idempotencyKeys.leaseExpiresAt, sql`now()`),
      ),
    )
    .returning({ key: idempotencyKeys.key })
    .prepare('idempotency_take_over');
  const readKey = app.db.select().from(idempotencyKeys).where(ownKey).prepare('idempotency_read');
  // only the lease holder answers: a request whose key was taken over leaves the answer to its taker
  const held = and(ownKey, eq(idempotencyKeys.leaseId, ph('leaseId')));
  const forget = app.db.delete(idempotencyKeys).where(held).prepare('idempotency_forget');
  const answer = app.db
    .update(idempotencyKeys)
    // the answer bound as its JSON text, as the json column's own mapping would send it
    .set({ statusCode: sql`${ph('statusCode')}`, response: sql`${ph('response')}` })
    .where(held)
    .prepare('idempotency_answer');

  // attached to the routes that ask for it only: every other request skips both hooks
  const preHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const raw = request.headers[HEADER];
    if (raw === undefined) return;
    const key = Array.isArray(raw) ? raw[0]! : raw;
    if (!KEY.test(key)) throw new AppError('VALIDATION_FAILED', 'bad Idempotency-Key', { [HEADER]: 'idempotency.invalid' });
    const { agencyId, playerId: owner } = requirePlayer(request);
    const route = `${request.method} ${request.routeOptions.url}`;
    const requestHash = createHash('sha256')
      .update(`${route}\n${request.url}\n${JSON.stringify(request.body ?? null)}`)
      .digest('hex');
    const leaseId = randomUUID();
    const inserted = await insertKey.execute({ agencyId, owner, key, route, requestHash, leaseId });
    const taken = inserted.length > 0 || (await takeOver.execute({ agencyId, owner, key, requestHash, leaseId })).length > 0;
    if (taken) {
      if (inserted.length === 0) request.log.warn({ key }, 'idempotency key taken over after its lease');
      request.idempotency = { agencyId, owner, key, leaseId };
      return;
    }
    const [first] = await readKey.execute({ agencyId, owner, key });
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
    const ours = { agencyId: k.agencyId, owner: k.owner, key: k.key, leaseId: k.leaseId };
    if (reply.statusCode >= 500) {
      await remember(request, () => forget.execute(ours));
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
    await remember(request, () =>
      answer.execute({ ...ours, statusCode: reply.statusCode, response: response === null ? null : JSON.stringify(response) }),
    );
    return payload;
  };

  /**
   * Writes the key's outcome after the route's own transaction committed. A connection ended under it
   * (pg_terminate_backend, a failover) is tried again on a fresh one; if the database stays out of
   * reach the answer is sent all the same: the client learns what happened, and the key, still without
   * an answer, is taken over after its lease. Throwing here would answer an error for work that was
   * done (the soak saw it: a withdrawal made, its player told 500, decision 062).
   */
  async function remember(request: FastifyRequest, write: () => Promise<unknown>) {
    for (let attempt = 1; ; attempt++) {
      try {
        await write();
        return;
      } catch (err) {
        if (!isDatabaseUnreachable(err)) throw err;
        if (attempt >= 3) {
          request.log.warn({ err }, 'idempotency key outcome not written; the answer is sent anyway');
          return;
        }
        await new Promise((r) => setTimeout(r, 50 * attempt));
      }
    }
  }

  // before the body is judged, so that a logged-out call answers 401 whatever it sends
  const preValidation = async (request: FastifyRequest) => void requirePlayer(request);

  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    route.preValidation = [...toArray(route.preValidation), preValidation];
    route.preHandler = [...toArray(route.preHandler), preHandler];
    route.onSend = [...toArray(route.onSend), onSend];
  });
});
