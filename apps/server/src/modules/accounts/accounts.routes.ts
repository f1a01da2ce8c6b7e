import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FINGERPRINT_HEADER,
  backlistResponseSchema,
  changePasswordBodySchema,
  fingerprintBodySchema,
  loginBodySchema,
  okResponseSchema,
  playerInfoResponseSchema,
  registerBodySchema,
  sessionResponseSchema,
  validateUsernameBodySchema,
  validateUsernameResponseSchema,
} from '@app/contracts';
import { agencyOf } from '../../plugins/agency.js';
import { requirePlayer } from '../../plugins/session.js';
import { errorResponses } from '../shared/route-errors.js';

// the route checks shapes only; the agency's own bounds are applied in the service
const SHAPE_BOUNDS = { usernameMin: 1, usernameMax: 64, passwordMin: 1, passwordMax: 256 };
const errors = errorResponses(400, 401, 403, 404, 429);
const JSON_UTF8 = 'application/json; charset=utf-8';
/** `players/info` answers as sent, by the session object they were made from (decision 042) */
const infoAnswers = new WeakMap<object, string>();

/** SPEC.md §7 account calls; DESIGN.md §10 for sessions, passwords and limits. */
export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts } = app.services;
  const tags = ['accounts'];
  // a logged-out call answers 401 before its body is judged
  const loggedIn = { preValidation: async (request: FastifyRequest) => void requirePlayer(request) };

  app.post(
    '/v2/players/register',
    {
      schema: {
        tags,
        summary: 'Create an account and log in',
        body: registerBodySchema(SHAPE_BOUNDS),
        response: { 201: sessionResponseSchema, ...errorResponses(409), ...errors },
      },
    },
    async (request, reply) => {
      const header = request.headers[FINGERPRINT_HEADER];
      const result = await accounts.register(
        request,
        reply,
        agencyOf(request),
        request.body,
        typeof header === 'string' ? header : undefined,
      );
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/v2/players/username/validate',
    {
      schema: {
        tags,
        summary: 'Whether a username is valid and free',
        body: validateUsernameBodySchema,
        response: { 200: validateUsernameResponseSchema, ...errors },
      },
    },
    async (request) => accounts.validateUsername(request, agencyOf(request), request.body.username),
  );

  app.post(
    '/v2/players/login',
    { schema: { tags, summary: 'Log in', body: loginBodySchema, response: { 200: sessionResponseSchema, ...errors } } },
    async (request, reply) => accounts.login(request, reply, agencyOf(request), request.body),
  );

  app.post(
    '/v2/players/logout',
    { schema: { tags, summary: 'End this session', response: { 200: okResponseSchema, ...errors } } },
    async (request, reply) => {
      await accounts.logout(request, reply);
      return { ok: true as const };
    },
  );

  app.get(
    '/v2/players/info',
    {
      config: { playerBankAccounts: true, beforePasswordChange: true },
      schema: { tags, summary: 'The logged-in player', response: { 200: playerInfoResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const session = requirePlayer(request);
      // the answer is the session's alone, and a cached session is one frozen object until its owner
      // changes (decision 043): its encoded answer is kept with it, not encoded again per request
      let body = infoAnswers.get(session);
      if (body === undefined) {
        // the route's own serializer: the zod encoding of the contract, once
        body = reply.serialize(await accounts.info(session)) as string;
        infoAnswers.set(session, body);
      }
      // a string with a JSON type is sent as it is (Fastify encodes only objects)
      return (reply as FastifyReply).type(JSON_UTF8).send(body);
    },
  );

  app.post(
    '/v2/players/security/password/change',
    {
      ...loggedIn,
      config: { beforePasswordChange: true },
      schema: {
        tags,
        summary: 'Change the password; ends every session',
        body: changePasswordBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request, reply) => accounts.changePassword(request, reply, requirePlayer(request), request.body),
  );

  app.post(
    '/v2/fingerprint',
    {
      ...loggedIn,
      config: { beforePasswordChange: true },
      schema: { tags, summary: "Today's device fingerprint", body: fingerprintBodySchema, response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      await accounts.saveFingerprint(requirePlayer(request), request.body);
      return { ok: true as const };
    },
  );

  app.get(
    '/v2/players/backlist',
    { schema: { tags, summary: 'Whether the player is blocked from promotions', response: { 200: backlistResponseSchema, ...errors } } },
    async (request) => accounts.isPromotionBlocked(requirePlayer(request)),
  );
};
