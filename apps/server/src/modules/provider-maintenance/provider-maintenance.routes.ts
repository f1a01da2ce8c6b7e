import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  providerMaintenanceBodySchema,
  providerMaintenanceParamsSchema,
  providerMaintenanceResponseSchema,
  type ProviderMaintenanceResponse,
} from '@app/contracts';
import { staffActor } from '../../audit/audit.js';
import { MONEY_ROLES, staffAccess } from '../../plugins/staff-access.js';
import { requirePlayer } from '../../plugins/session.js';
import { requireStaff } from '../../plugins/staff-session.js';
import { errorResponses } from '../shared/route-errors.js';

const wrap = async (list: Promise<ProviderMaintenanceResponse['maintenance']>) => ({ maintenance: await list });

/** The player site reads which providers are in maintenance, to say so where the player chooses one. */
export const providerMaintenanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { providerMaintenance } = app.services;
  app.get(
    '/v2/providers/maintenance',
    {
      schema: {
        tags: ['games'],
        summary: "The agency's game providers in maintenance now (no deposit, no game launch there)",
        response: { 200: providerMaintenanceResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => wrap(providerMaintenance.list(requirePlayer(request).agencyId)),
  );
};

/** The owner and finance switch a provider off for maintenance and back on (decision 175), audited. */
export const providerMaintenanceStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { providerMaintenance } = app.services;
  const tags = ['backoffice'];
  const only = { config: staffAccess(MONEY_ROLES) };
  const errors = errorResponses(400, 401, 403, 404, 429);

  app.get(
    '/v2/backoffice/providers/maintenance',
    {
      ...only,
      schema: {
        tags,
        summary: "The agency's game providers in maintenance now",
        response: { 200: providerMaintenanceResponseSchema, ...errors },
      },
    },
    async (request) => wrap(providerMaintenance.list(requireStaff(request).agencyId)),
  );

  app.put(
    '/v2/backoffice/providers/:provider/maintenance',
    {
      ...only,
      schema: {
        tags,
        summary: 'Switch a game provider off for maintenance, until a time to come or until switched back on',
        params: providerMaintenanceParamsSchema,
        body: providerMaintenanceBodySchema,
        response: { 200: providerMaintenanceResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { until } = request.body;
      return wrap(providerMaintenance.switchOff(staffActor(request), request.params.provider, until === null ? null : new Date(until)));
    },
  );

  app.delete(
    '/v2/backoffice/providers/:provider/maintenance',
    {
      ...only,
      schema: {
        tags,
        summary: 'Switch a game provider back on after maintenance',
        params: providerMaintenanceParamsSchema,
        response: { 200: providerMaintenanceResponseSchema, ...errors },
      },
    },
    async (request) => wrap(providerMaintenance.switchOn(staffActor(request), request.params.provider)),
  );
};
