import type { FastifyInstance } from 'fastify';
import type { TestPlayer } from '../../test/players.js';

/** The player's move of credit through the real route. */
export function moveCredit(app: FastifyInstance, p: TestPlayer, body: object, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/v2/credit-moves',
    headers: { host: 'localhost', cookie: p.cookie, ...headers },
    payload: body,
  });
}

export function readMove(app: FastifyInstance, p: { cookie: string }, id: string) {
  return app.inject({ url: `/api/v2/credit-moves/${id}`, headers: { host: 'localhost', cookie: p.cookie } });
}
