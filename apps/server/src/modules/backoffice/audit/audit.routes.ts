import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema } from '@app/contracts';
import { OWNER_ONLY, staffAccess } from '../../../plugins/staff-access.js';
import { requireStaff } from '../../../plugins/staff-session.js';
import { errorResponses } from '../../shared/route-errors.js';
import { listAudit } from './audit-list.js';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** The owner's audit log screen: what staff did, newest first (the rows themselves: src/audit). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/backoffice/audit',
    {
      config: staffAccess(OWNER_ONLY),
      schema: {
        tags: ['backoffice'],
        summary: 'The audit log, newest first (keyset pages)',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errors },
      },
    },
    async (request) => listAudit(app.db, requireStaff(request).agencyId, request.query),
  );
};
