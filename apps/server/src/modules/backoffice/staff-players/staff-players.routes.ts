import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blockPlayerBodySchema,
  changeBankAccountBodySchema,
  endSessionsBodySchema,
  keysetQuerySchema,
  okResponseSchema,
  addBankAccountResponseSchema,
  playerCreditsResponseSchema,
  playerDepositsResponseSchema,
  playerDetailResponseSchema,
  playerSearchQuerySchema,
  playerSearchResponseSchema,
  playerWithdrawalsResponseSchema,
  resetPasswordResponseSchema,
  withdrawalPlayerResponseSchema,
  type StaffRole,
} from '@app/contracts';
import { ALL_STAFF, MONEY_ROLES, staffAccess } from '../../../plugins/staff-access.js';
import { requireStaff } from '../../../plugins/staff-session.js';
import { staffActor } from '../../../audit/audit.js';
import { errorResponses } from '../../shared/route-errors.js';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
/** DESIGN.md §9: every role reads players; support may block and reset passwords, no money (ALL_STAFF);
 *  where a player's withdrawals are paid: owner and finance only (MONEY) */
const MONEY = MONEY_ROLES;
const idParams = z.object({ id: z.uuid() });

/** The back office's players under /v2/backoffice/players (decision 055). */
export const staffPlayersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { staffPlayers: players } = app.services;
  const tags = ['backoffice'];
  // each route's roles declared once (decision 050): the check runs before the handler
  const only = (roles: readonly StaffRole[]) => ({ config: staffAccess(roles) });

  app.get(
    '/v2/backoffice/players',
    {
      ...only(ALL_STAFF),
      schema: {
        tags,
        summary: 'Search players by username, display name, bank account number (prefixes) or fingerprint; keyset-paged',
        querystring: playerSearchQuerySchema,
        response: { 200: playerSearchResponseSchema, ...errors },
      },
    },
    async (request) => players.search(requireStaff(request).agencyId, request.query),
  );

  app.get(
    '/v2/backoffice/players/:id',
    {
      ...only(ALL_STAFF),
      schema: {
        tags,
        summary: "A player's page: bank account, fingerprints and who shares them, sessions, promotion usages",
        params: idParams,
        response: { 200: playerDetailResponseSchema, ...errors },
      },
    },
    async (request) => players.detail(requireStaff(request).agencyId, request.params.id),
  );

  app.get(
    '/v2/backoffice/players/:id/deposits',
    {
      ...only(ALL_STAFF),
      schema: {
        tags,
        summary: "A player's deposits, newest first (keyset)",
        params: idParams,
        querystring: keysetQuerySchema,
        response: { 200: playerDepositsResponseSchema, ...errors },
      },
    },
    async (request) => players.deposits(requireStaff(request).agencyId, request.params.id, request.query.cursor, request.query.limit),
  );

  app.get(
    '/v2/backoffice/players/:id/withdrawals',
    {
      ...only(ALL_STAFF),
      schema: {
        tags,
        summary: "A player's withdrawals, newest first (keyset)",
        params: idParams,
        querystring: keysetQuerySchema,
        response: { 200: playerWithdrawalsResponseSchema, ...errors },
      },
    },
    async (request) => players.withdrawals(requireStaff(request).agencyId, request.params.id, request.query.cursor, request.query.limit),
  );

  app.get(
    '/v2/backoffice/players/:id/credits',
    {
      ...only(ALL_STAFF),
      schema: {
        tags,
        summary: "The player's credit at each provider, asked live",
        params: idParams,
        response: { 200: playerCreditsResponseSchema, ...errors },
      },
    },
    async (request) => players.credits(requireStaff(request).agencyId, request.params.id),
  );

  app.get(
    '/v2/backoffice/withdrawals/:id/player',
    {
      // the withdrawal queue's roles (decision 054): what the decision dialog shows
      ...only(MONEY),
      schema: {
        tags,
        summary: 'The player behind a withdrawal: latest deposits and withdrawals, live credit at each provider, the kip account now',
        params: idParams,
        response: { 200: withdrawalPlayerResponseSchema, ...errors },
      },
    },
    async (request) => players.withdrawalPlayer(requireStaff(request).agencyId, request.params.id),
  );

  for (const [path, blocked] of [
    ['block', true],
    ['unblock', false],
  ] as const) {
    app.post(
      `/v2/backoffice/players/:id/${path}`,
      {
        ...only(ALL_STAFF),
        schema: {
          tags,
          summary: blocked ? 'Block login: every session ends, login answers ACCOUNT_BLOCKED' : 'Let the player log in again',
          params: idParams,
          body: blockPlayerBodySchema,
          response: { 200: okResponseSchema, ...errors },
        },
      },
      async (request) => {
        await players.setBlocked(request, staffActor(request), request.params.id, blocked, request.body.reason);
        return { ok: true as const };
      },
    );
  }

  app.post(
    '/v2/backoffice/players/:id/reset-password',
    {
      ...only(ALL_STAFF),
      schema: {
        tags,
        summary: 'A one-time password, shown once; the player must change it at the next login',
        params: idParams,
        response: { 200: resetPasswordResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      // shown once: no cache keeps it
      void reply.header('cache-control', 'no-store');
      return players.resetPassword(request, staffActor(request), request.params.id);
    },
  );

  app.post(
    '/v2/backoffice/players/:id/login-lock/lift',
    {
      ...only(ALL_STAFF),
      schema: {
        tags,
        summary: "Forget the player's failed logins: a player locked out by their own typing may try again at once",
        params: idParams,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await players.liftLoginLock(staffActor(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/v2/backoffice/players/:id/sessions/end',
    {
      ...only(ALL_STAFF),
      schema: {
        tags,
        summary: "End one of the player's sessions (sessionId) or all of them",
        params: idParams,
        body: endSessionsBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await players.endSessions(request, staffActor(request), request.params.id, request.body.sessionId);
      return { ok: true as const };
    },
  );

  app.put(
    '/v2/backoffice/players/:id/bank-account',
    {
      ...only(MONEY),
      schema: {
        tags,
        summary: "Change the player's bank account, with a reason (DESIGN.md §7's rules hold)",
        params: idParams,
        body: changeBankAccountBodySchema,
        response: { 200: addBankAccountResponseSchema, ...errors },
      },
    },
    async (request) => players.changeBankAccount(staffActor(request), request.params.id, request.body),
  );
};
