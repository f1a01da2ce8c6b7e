import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { alertSettingsBodySchema, alertSettingsResponseSchema, alertTestBodySchema, alertTestResponseSchema } from '@app/contracts';
import { OWNER_ONLY, staffAccess } from '../../../plugins/staff-access.js';
import { requireStaff } from '../../../plugins/staff-session.js';
import { errorResponses } from '../../shared/route-errors.js';

const errors = errorResponses(400, 401, 403, 429);

/** Staff alerts (docs/decisions/112): the owner's alone, like the agency's other settings (DESIGN.md §9). */
export const alertsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { alerts } = app.services;
  const tags = ['backoffice'];
  const owner = { config: staffAccess(OWNER_ONLY) };

  app.get(
    '/v2/backoffice/alerts',
    {
      ...owner,
      schema: {
        tags,
        summary: 'Where staff alerts go, on which events and thresholds; whether each token is set, never the token',
        response: { 200: alertSettingsResponseSchema, ...errors },
      },
    },
    async (request) => alerts.settings(requireStaff(request).agencyId),
  );

  app.put(
    '/v2/backoffice/alerts',
    {
      ...owner,
      schema: {
        tags,
        summary: 'Change the alerts; a channel without a token keeps its token, a channel null is removed with it',
        body: alertSettingsBodySchema,
        response: { 200: alertSettingsResponseSchema, ...errors },
      },
    },
    async (request) => alerts.update({ staff: requireStaff(request), ip: request.ip }, request.body),
  );

  app.post(
    '/v2/backoffice/alerts/test',
    {
      ...owner,
      schema: {
        tags,
        summary: 'Send a test message through a channel now; answers whether it went, and why not',
        body: alertTestBodySchema,
        response: { 200: alertTestResponseSchema, ...errors },
      },
    },
    async (request) => alerts.test({ staff: requireStaff(request), ip: request.ip }, request.body.channel),
  );
};
