import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardResponseSchema } from '@app/contracts';
import { MONEY_ROLES, staffAccess } from '../../../plugins/staff-access.js';
import { requireStaff } from '../../../plugins/staff-session.js';
import { errorResponses } from '../../shared/route-errors.js';

/** money figures: owner and finance (support works with players, not the agency's takings) */
const READERS = MONEY_ROLES;

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { dashboard } = app.services;
  app.get(
    '/v2/backoffice/dashboard',
    {
      config: staffAccess(READERS),
      schema: {
        tags: ['backoffice'],
        summary: 'Today and the last 14 business days (deposits, withdrawals paid, bonus cost, new players, net) and the open queues',
        response: { 200: dashboardResponseSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => dashboard.figures(requireStaff(request).agencyId),
  );
};
