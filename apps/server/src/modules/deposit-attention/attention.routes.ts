import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attentionActionResponseSchema,
  attentionListResponseSchema,
  attentionQuerySchema,
  attentionSummarySchema,
  refundBodySchema,
  retryTransferBodySchema,
  type StaffRole,
} from '@app/contracts';
import { requireStaff } from '../../plugins/staff-session.js';
import { errorResponses } from '../shared/route-errors.js';

const errors = errorResponses(400, 401, 403, 404, 409);
/** money: owner and finance; support never (DESIGN.md §9) */
const FINANCE: readonly StaffRole[] = ['owner', 'finance'];
const idParams = z.object({ id: z.uuid() });

/** Deposits needing attention (docs/decisions/059), under /v2/backoffice like every staff route. */
export const attentionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { attention } = app.services;
  const tags = ['backoffice'];
  const finance = { preValidation: async (request: FastifyRequest) => void requireStaff(request, FINANCE) };
  const actor = (request: FastifyRequest) => ({ staff: requireStaff(request, FINANCE), ip: request.ip });

  app.get(
    '/v2/backoffice/deposits/attention',
    {
      ...finance,
      schema: {
        tags,
        summary: 'Deposits needing attention of one kind, oldest first (keyset: cursor, limit)',
        querystring: attentionQuerySchema,
        response: { 200: attentionListResponseSchema, ...errors },
      },
    },
    async (request) => attention.list(actor(request).staff.agencyId, request.query.kind, request.query.cursor, request.query.limit),
  );
  app.get(
    '/v2/backoffice/deposits/attention/summary',
    {
      ...finance,
      schema: {
        tags,
        summary: 'How many deposits need attention, and the oldest, per kind',
        response: { 200: attentionSummarySchema, ...errors },
      },
    },
    async (request) => attention.summary(actor(request).staff.agencyId),
  );
  app.post(
    '/v2/backoffice/deposits/:id/retry-transfer',
    {
      ...finance,
      schema: {
        tags,
        summary: "A FAILED deposit's credit sent to the provider again (once per number of transfers seen)",
        params: idParams,
        body: retryTransferBodySchema,
        response: { 200: attentionActionResponseSchema, ...errors },
      },
    },
    async (request) => attention.retry(actor(request), request.params.id, request.body.transfers),
  );
  app.post(
    '/v2/backoffice/deposits/:id/refund',
    {
      ...finance,
      schema: {
        tags,
        summary: "A FAILED deposit's kip refunded to the payer, with the bank's reference",
        params: idParams,
        body: refundBodySchema,
        response: { 200: attentionActionResponseSchema, ...errors },
      },
    },
    async (request) => attention.refundDeposit(actor(request), request.params.id, request.body.bankReference),
  );
  app.post(
    '/v2/backoffice/transfers/:id/recheck',
    {
      ...finance,
      schema: {
        tags,
        summary: 'An unknown transfer: the provider asked about it again now (never a second transfer)',
        params: idParams,
        response: { 200: attentionActionResponseSchema, ...errors },
      },
    },
    async (request) => attention.recheck(actor(request), request.params.id),
  );
  app.post(
    '/v2/backoffice/unmatched-payments/:id/refund',
    {
      ...finance,
      schema: {
        tags,
        summary: 'A payment that matched no order refunded, with the bank reference',
        params: idParams,
        body: refundBodySchema,
        response: { 200: attentionActionResponseSchema, ...errors },
      },
    },
    async (request) => attention.refundPayment(actor(request), request.params.id, request.body.bankReference),
  );
};
