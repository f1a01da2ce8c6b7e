import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  reconciliationActionResponseSchema,
  reconciliationRunBodySchema,
  reconciliationListResponseSchema,
  reconciliationQuerySchema,
  reconciliationSummarySchema,
  resolveDifferenceBodySchema,
} from '@app/contracts';
import { MONEY_ROLES, staffAccess } from '../../../plugins/staff-access.js';
import { requireStaff } from '../../../plugins/staff-session.js';
import type { StaffActor } from '../../../audit/audit.js';
import { errorResponses } from '../../shared/route-errors.js';

const errors = errorResponses(400, 401, 403, 404, 409);
const idParams = z.object({ id: z.uuid() });

/** Reconciliation with the banks and providers (docs/decisions/139 and 142): owner and finance, scoped to the staff's agency. */
export const reconciliationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { reconciliation } = app.services;
  const tags = ['backoffice'];
  const money = { config: staffAccess(MONEY_ROLES) };
  const actor = (request: FastifyRequest): StaffActor => ({ staff: requireStaff(request), ip: request.ip });

  app.get(
    '/v2/backoffice/reconciliation/differences',
    {
      ...money,
      schema: {
        tags,
        summary: 'Open differences between the banks or providers and our books, oldest first (keyset: cursor, limit; bank, provider)',
        querystring: reconciliationQuerySchema,
        response: { 200: reconciliationListResponseSchema, ...errors },
      },
    },
    async (request) => reconciliation.list(actor(request).staff.agencyId, request.query),
  );
  app.get(
    '/v2/backoffice/reconciliation/summary',
    {
      ...money,
      schema: {
        tags,
        summary: "Each bank's and provider's newest reconciliation, and the open differences by kind",
        response: { 200: reconciliationSummarySchema, ...errors },
      },
    },
    async (request) => reconciliation.summary(actor(request).staff.agencyId),
  );
  app.post(
    '/v2/backoffice/reconciliation/differences/:id/confirm',
    {
      ...money,
      schema: {
        tags,
        summary: 'A payment the bank has and we do not, asked of the bank again: credited to its order, or kept as unmatched',
        params: idParams,
        response: { 200: reconciliationActionResponseSchema, ...errors, ...errorResponses(503) },
      },
    },
    async (request) => reconciliation.confirm(actor(request), request.params.id),
  );
  app.post(
    '/v2/backoffice/reconciliation/differences/:id/resolve',
    {
      ...money,
      schema: {
        tags,
        summary: 'A difference closed by staff with a note of what they did (nothing is moved)',
        params: idParams,
        body: resolveDifferenceBodySchema,
        response: { 200: reconciliationActionResponseSchema, ...errors },
      },
    },
    async (request) => reconciliation.resolve(actor(request), request.params.id, request.body.note),
  );
  app.post(
    '/v2/backoffice/reconciliation/run',
    {
      ...money,
      schema: {
        tags,
        summary: "One bank's payments, or one provider's transfers, of today so far compared with ours now (in the background)",
        body: reconciliationRunBodySchema,
        response: { 202: z.object({ queued: z.literal(true), day: z.string() }), ...errors },
      },
    },
    async (request, reply) => reply.status(202).send(await reconciliation.run(actor(request), request.body)),
  );
};
