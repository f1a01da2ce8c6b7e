import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fraudSignalDecisionBodySchema, playerSignalsResponseSchema } from '@app/contracts';
import { staffActor } from '../../audit/audit.js';
import { ALL_STAFF, MONEY_ROLES, staffAccess } from '../../plugins/staff-access.js';
import { requireStaff } from '../../plugins/staff-session.js';
import { errorResponses } from '../shared/route-errors.js';

const errors = errorResponses(400, 401, 403, 404, 409);
const idParams = z.object({ id: z.uuid() });

/**
 * Fraud signals in the back office (decision 164): every role reads a player's signals (the
 * queue and the player's page); owner and finance, who decide withdrawals, dismiss or confirm one.
 */
export const fraudSignalsStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { fraudSignals } = app.services;
  const tags = ['backoffice'];

  app.get(
    '/v2/backoffice/players/:id/signals',
    {
      config: staffAccess(ALL_STAFF),
      schema: {
        tags,
        summary: "The player's fraud signals, open first, each naming the other player and what they share",
        params: idParams,
        response: { 200: playerSignalsResponseSchema, ...errors },
      },
    },
    async (request) => fraudSignals.forPlayer({ agencyId: requireStaff(request).agencyId, playerId: request.params.id }),
  );

  app.post(
    '/v2/backoffice/signals/:id/decision',
    {
      config: staffAccess(MONEY_ROLES),
      schema: {
        tags,
        summary: "Dismiss or confirm a fraud signal with a reason (audited); a bonus ring's decision is the whole ring's",
        params: idParams,
        body: fraudSignalDecisionBodySchema,
        response: { 200: z.object({ decided: z.number().int() }), ...errors },
      },
    },
    async (request) => fraudSignals.decide(staffActor(request), request.params.id, request.body),
  );
};
