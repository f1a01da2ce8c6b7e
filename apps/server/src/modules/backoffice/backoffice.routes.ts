import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  approveWithdrawalBodySchema,
  backofficeWithdrawalResponseSchema,
  okResponseSchema,
  rejectWithdrawalBodySchema,
  staffLoginBodySchema,
  staffSessionResponseSchema,
  withdrawalDetailResponseSchema,
  withdrawalQueueQuerySchema,
  withdrawalQueueResponseSchema,
  withdrawalQueueSummarySchema,
  type StaffRole,
} from '@app/contracts';
import { agencyOf } from '../../plugins/agency.js';
import { requireStaff } from '../../plugins/staff-session.js';
import { errorResponses } from '../shared/route-errors.js';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
/** who may pay out or refuse; support reads only (DESIGN.md §9) */
const DECIDERS: readonly StaffRole[] = ['owner', 'finance'];
const idParams = z.object({ id: z.string().uuid() });

/** The back office API: never reachable with a player session (plugins/staff-session.ts). */
export const backofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { backoffice } = app.services;
  const tags = ['backoffice'];
  const staffOnly = { preValidation: async (request: FastifyRequest) => void requireStaff(request) };
  const decidersOnly = { preValidation: async (request: FastifyRequest) => void requireStaff(request, DECIDERS) };

  app.post(
    '/v2/backoffice/login',
    { schema: { tags, summary: 'Staff login', body: staffLoginBodySchema, response: { 200: staffSessionResponseSchema, ...errors } } },
    async (request, reply) => backoffice.login(request, reply, agencyOf(request), request.body),
  );

  app.post(
    '/v2/backoffice/logout',
    { schema: { tags, summary: 'End this staff session', response: { 200: okResponseSchema, ...errors } } },
    async (request, reply) => {
      await backoffice.logout(request, reply);
      return { ok: true as const };
    },
  );

  // support reads the queue (they answer the players who ask about their withdrawal); only deciders decide
  app.get(
    '/v2/backoffice/withdrawals',
    {
      ...staffOnly,
      schema: {
        tags,
        summary: 'The withdrawal queue (OPEN by default), oldest first, by keyset; each with its warnings',
        querystring: withdrawalQueueQuerySchema,
        response: { 200: withdrawalQueueResponseSchema, ...errors },
      },
    },
    async (request) => backoffice.withdrawals(requireStaff(request).agencyId, request.query),
  );

  app.get(
    '/v2/backoffice/withdrawals/summary',
    {
      ...staffOnly,
      schema: {
        tags,
        summary: 'How many withdrawals wait (OPEN) and since when',
        response: { 200: withdrawalQueueSummarySchema, ...errors },
      },
    },
    async (request) => ({ open: await backoffice.openWithdrawals(requireStaff(request).agencyId) }),
  );

  app.get(
    '/v2/backoffice/withdrawals/:id',
    {
      ...staffOnly,
      schema: {
        tags,
        summary: 'One withdrawal with the player, the promotion in use and the players its warnings are about',
        params: idParams,
        response: { 200: withdrawalDetailResponseSchema, ...errors },
      },
    },
    async (request) => backoffice.withdrawal(requireStaff(request).agencyId, request.params.id),
  );

  app.post(
    '/v2/backoffice/withdrawals/:id/approve',
    {
      ...decidersOnly,
      schema: {
        tags,
        summary: 'Paid out: SUCCESS with the bank reference',
        params: idParams,
        body: approveWithdrawalBodySchema,
        response: { 200: backofficeWithdrawalResponseSchema, ...errors },
      },
    },
    async (request) => {
      const actor = { staff: requireStaff(request, DECIDERS), ip: request.ip };
      return backoffice.approveWithdrawal(actor, request.params.id, request.body.bankReference);
    },
  );

  app.post(
    '/v2/backoffice/withdrawals/:id/reject',
    {
      ...decidersOnly,
      schema: {
        tags,
        summary: 'Refused: REJECTED, the credit back at the provider',
        params: idParams,
        body: rejectWithdrawalBodySchema,
        response: { 200: backofficeWithdrawalResponseSchema, ...errors },
      },
    },
    async (request) => {
      const actor = { staff: requireStaff(request, DECIDERS), ip: request.ip };
      return backoffice.rejectWithdrawal(actor, request.params.id, request.body.reason);
    },
  );
};
