import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

/** The logged-in player of a request (DESIGN.md §10). Filled by the session plugin's hook. */
export interface PlayerSession {
  sessionId: string;
  playerId: string;
  agencyId: string;
  username: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    player: PlayerSession | null;
  }
}

/**
 * The request's player, or 401 UNAUTHORIZED. The session always belongs to the request's agency
 * (a cookie from another agency's host does not pass).
 */
export function requirePlayer(request: FastifyRequest): PlayerSession {
  const p = request.player;
  if (!p || !request.agency || p.agencyId !== request.agency.id) throw new AppError('UNAUTHORIZED', 'login required');
  return p;
}
