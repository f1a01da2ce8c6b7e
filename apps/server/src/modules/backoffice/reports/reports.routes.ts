import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  REPORT_MAX_DAYS,
  playerReportQuerySchema,
  playerReportResponseSchema,
  providerReportResponseSchema,
  reportRangeQuerySchema,
} from '@app/contracts';
import { MONEY_ROLES, staffAccess } from '../../../plugins/staff-access.js';
import { requireStaff } from '../../../plugins/staff-session.js';
import { writeAudit } from '../../../audit/audit.js';
import { errorResponses } from '../../shared/route-errors.js';
import { playersCsv, providersCsv } from './reports.csv.js';
import { playerReport, providerReport, reportRange } from './reports.service.js';

/** money figures: owner and finance, as the dashboard (support works with players, not the agency's takings) */
const READERS = MONEY_ROLES;
const playersCsvQuery = playerReportQuerySchema.pick({ from: true, to: true, q: true, sort: true });

/**
 * Reports over a range of Vientiane business days (decision 182): per game provider and per player,
 * as JSON for the screen and as CSV for the accountant (the same columns; each CSV audited).
 */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['backoffice'];
  const days = `from..to, Vientiane business days, at most ${REPORT_MAX_DAYS}; this month by default`;

  app.get(
    '/v2/backoffice/reports/providers',
    {
      config: staffAccess(READERS),
      schema: {
        tags,
        summary: `Deposits, withdrawals paid, bonus cost and net per game provider (${days})`,
        querystring: reportRangeQuerySchema,
        response: { 200: providerReportResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => providerReport(app.db, requireStaff(request).agencyId, reportRange(request.query)),
  );

  app.get(
    '/v2/backoffice/reports/players',
    {
      config: staffAccess(READERS),
      schema: {
        tags,
        summary: `The same per player, by net, keyset-paged, searched by username prefix (${days})`,
        querystring: playerReportQuerySchema,
        response: { 200: playerReportResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => playerReport(app.db, requireStaff(request).agencyId, reportRange(request.query), request.query),
  );

  const csv = {
    providers: { query: reportRangeQuerySchema, action: 'export.report_providers' as const },
    players: { query: playersCsvQuery, action: 'export.report_players' as const },
  };
  for (const [kind, { query, action }] of Object.entries(csv)) {
    app.get(
      `/v2/backoffice/reports/${kind}.csv`,
      {
        config: staffAccess(READERS),
        schema: {
          tags,
          summary: `The ${kind} report as CSV (UTF-8 with BOM, days in Vientiane time), ${days}`,
          querystring: query,
          response: { 200: z.string().describe('text/csv'), ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const staff = requireStaff(request);
        const q = request.query as z.infer<typeof playersCsvQuery>;
        const range = reportRange(q);
        const { from, to } = range;
        await writeAudit(app.db, { staff, ip: request.ip }, { action, entityType: 'export', after: { from, to } });
        const lines =
          kind === 'players'
            ? playersCsv(app.db, staff.agencyId, range, { q: q.q ?? '', sort: q.sort ?? 'net_desc' })
            : providersCsv(app.db, staff.agencyId, range);
        // a stream is sent as it is, never through the response serializer (the declared 200 is for the API document)
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="report-${kind}-${from}-${to}.csv"`)
          .send(Readable.from(lines) as unknown as string);
      },
    );
  }
};
