import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  approveWithdrawalBodySchema,
  backofficeWithdrawalResponseSchema,
  rejectWithdrawalBodySchema,
  withdrawalDetailResponseSchema,
  withdrawalQueueQuerySchema,
  withdrawalQueueResponseSchema,
  withdrawalQueueSummarySchema,
} from '@app/contracts';
import { MONEY_ROLES, staffAccess } from '../../plugins/staff-access.js';
import { requireStaff } from '../../plugins/staff-session.js';
import { staffActor } from '../../audit/audit.js';
import { errorResponses } from '../shared/route-errors.js';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const idParams = z.object({ id: z.string().uuid() });

/** The back office's withdrawal queue and decisions: never reachable with a player session (plugins/staff-session.ts). */
export const withdrawalsStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { withdrawals } = app.services;
  const tags = ['backoffice'];
  // withdrawals are money: owner and finance read and decide them; support gets 403 (decision 050)
  const money = { config: staffAccess(MONEY_ROLES) };

  app.get(
    '/v2/backoffice/withdrawals',
    {
      ...money,
      schema: {
        tags,
        summary: "The withdrawal queue (OPEN by default), oldest first, by keyset; each with its player's fraud signals counted",
        querystring: withdrawalQueueQuerySchema,
        response: { 200: withdrawalQueueResponseSchema, ...errors },
      },
    },
    async (request) => withdrawals.queue(requireStaff(request).agencyId, request.query),
  );

  app.get(
    '/v2/backoffice/withdrawals/summary',
    {
      ...money,
      schema: {
        tags,
        summary: 'How many withdrawals wait (OPEN) and since when',
        response: { 200: withdrawalQueueSummarySchema, ...errors },
      },
    },
    async (request) => ({ open: await withdrawals.openSummary(requireStaff(request).agencyId) }),
  );

  app.get(
    '/v2/backoffice/withdrawals/:id',
    {
      ...money,
      schema: {
        tags,
        summary: "One withdrawal with the player, the promotion in use and the player's fraud signals counted",
        params: idParams,
        response: { 200: withdrawalDetailResponseSchema, ...errors },
      },
    },
    async (request) => withdrawals.detail(requireStaff(request).agencyId, request.params.id),
  );

  app.post(
    '/v2/backoffice/withdrawals/:id/approve',
    {
      ...money,
      schema: {
        tags,
        summary: 'Paid out: SUCCESS with the bank reference',
        params: idParams,
        body: approveWithdrawalBodySchema,
        response: { 200: backofficeWithdrawalResponseSchema, ...errors },
      },
    },
    async (request) => withdrawals.approve(staffActor(request), request.params.id, request.body.bankReference),
  );

  app.post(
    '/v2/backoffice/withdrawals/:id/reject',
    {
      ...money,
      schema: {
        tags,
        summary: 'Refused: REJECTED, the credit back at the provider',
        params: idParams,
        body: rejectWithdrawalBodySchema,
        response: { 200: backofficeWithdrawalResponseSchema, ...errors },
      },
    },
    async (request) => withdrawals.reject(staffActor(request), request.params.id, request.body.reason),
  );
};
