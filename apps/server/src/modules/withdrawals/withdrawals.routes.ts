import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createWithdrawalBodySchema,
  openWithdrawalsResponseSchema,
  pageQuerySchema,
  withdrawalPageSchema,
  withdrawalParamsSchema,
  withdrawalResponseSchema,
} from '@app/contracts';
import { agencyOf } from '../../plugins/agency.js';
import { requirePlayer } from '../../plugins/session.js';
import { errorResponses } from '../shared/route-errors.js';
import { toWithdrawal } from './withdrawals.view.js';

const errors = errorResponses(400, 401, 404, 409, 422, 503);

/** DESIGN.md §6: the player's withdrawals. */
export const withdrawalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.withdrawals;
  const tags = ['withdrawals'];
  // a logged-out call answers 401 before its body is judged
  const loggedIn = { preValidation: async (request: FastifyRequest) => void requirePlayer(request) };

  app.post(
    '/v2/withdrawals',
    {
      ...loggedIn,
      config: { idempotent: true, sessionUnchanged: true, playerBankAccounts: true },
      schema: {
        tags,
        summary: 'Withdraw credit from a provider to the bank account (answers PENDING, OPEN or FAILED)',
        body: createWithdrawalBodySchema,
        response: { 201: withdrawalResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const w = await service.create(agencyOf(request), requirePlayer(request), request.body, request.idempotency?.key);
      return reply.status(201).send({ withdrawal: toWithdrawal(w) });
    },
  );

  app.get(
    '/v2/withdrawals/open',
    {
      ...loggedIn,
      schema: { tags, summary: 'Withdrawals in progress (PENDING or OPEN)', response: { 200: openWithdrawalsResponseSchema, ...errors } },
    },
    async (request) => {
      const p = requirePlayer(request);
      return { items: (await service.open(p.agencyId, p.playerId)).map(toWithdrawal) };
    },
  );

  app.get(
    '/v2/withdrawals',
    {
      ...loggedIn,
      schema: {
        tags,
        summary: 'Withdrawal history, newest first',
        querystring: pageQuerySchema,
        response: { 200: withdrawalPageSchema, ...errors },
      },
    },
    async (request) => {
      const p = requirePlayer(request);
      const { page, pageSize } = request.query;
      const { items, total } = await service.page(p.agencyId, p.playerId, page, pageSize);
      return { items: items.map(toWithdrawal), page, pageSize, total };
    },
  );

  app.get(
    '/v2/withdrawals/:id',
    {
      ...loggedIn,
      schema: {
        tags,
        summary: "One of the player's withdrawals, as it is now (the page follows its status with it)",
        params: withdrawalParamsSchema,
        response: { 200: withdrawalResponseSchema, ...errors },
      },
    },
    async (request) => {
      const p = requirePlayer(request);
      return { withdrawal: toWithdrawal(await service.one(p.agencyId, p.playerId, request.params.id)) };
    },
  );

  app.post(
    '/v2/withdrawals/:id/cancel',
    {
      ...loggedIn,
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Cancel an OPEN withdrawal; the credit goes back to the provider',
        params: withdrawalParamsSchema,
        response: { 200: withdrawalResponseSchema, ...errors },
      },
    },
    async (request) => {
      const w = await service.cancel(agencyOf(request), requirePlayer(request), request.params.id);
      return { withdrawal: toWithdrawal(w) };
    },
  );
};
