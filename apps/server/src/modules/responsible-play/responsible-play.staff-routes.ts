import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffExclusionBodySchema, staffPlayerLimitsResponseSchema } from '@app/contracts';
import { writeAudit } from '../../audit/audit.js';
import { transactionWithRetry } from '../../db/errors.js';
import { ALL_STAFF, staffAccess } from '../../plugins/staff-access.js';
import { requireStaff } from '../../plugins/staff-session.js';
import { errorResponses } from '../shared/route-errors.js';

const errors = errorResponses(400, 401, 403, 404);
const idParams = z.object({ id: z.uuid() });

/**
 * The player's responsible play on their page in the back office (decision 160): every role
 * reads it and may set an exclusion with a reason (audited in the same transaction); none lifts one.
 */
export const responsiblePlayStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { responsiblePlay } = app.services;
  const tags = ['backoffice'];
  const only = { config: staffAccess(ALL_STAFF) };

  app.get(
    '/v2/backoffice/players/:id/limits',
    {
      ...only,
      schema: {
        tags,
        summary: "The player's deposit limits with every change, and every exclusion",
        params: idParams,
        response: { 200: staffPlayerLimitsResponseSchema, ...errors },
      },
    },
    async (request) => responsiblePlay.staffView({ agencyId: requireStaff(request).agencyId, playerId: request.params.id }),
  );

  app.post(
    '/v2/backoffice/players/:id/exclusion',
    {
      ...only,
      schema: {
        tags,
        summary: 'Exclude the player (cooling-off or self-exclusion) with a reason; nobody ends it early',
        params: idParams,
        body: staffExclusionBodySchema,
        response: { 201: staffPlayerLimitsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const staff = requireStaff(request);
      const player = { agencyId: staff.agencyId, playerId: request.params.id };
      const { period, reason } = request.body;
      await transactionWithRetry(app.db, async (tx) => {
        const row = await responsiblePlay.excludeByStaff(tx, player, { period, reason, staffId: staff.staffId });
        await writeAudit(
          tx,
          { staff, ip: request.ip },
          {
            action: 'player.exclusion',
            entityType: 'player',
            entityId: player.playerId,
            after: { kind: row.kind, period, endsAt: row.endsAt?.toISOString() ?? null, reason },
          },
        );
      });
      return reply.code(201).send(await responsiblePlay.staffView(player));
    },
  );
};
