import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { StaffRole } from '@app/contracts';
import { staffAccess } from '../../../plugins/staff-access.js';
import { requireStaff } from '../../../plugins/staff-session.js';
import { writeAudit } from '../../../audit/audit.js';
import { businessDayRange } from '../../shared/business-day-range.js';
import { errorResponses } from '../../shared/route-errors.js';
import { depositsCsv, withdrawalsCsv } from './exports.query.js';

/** the longest range one export covers: a month and a day, so any calendar month fits */
export const EXPORT_MAX_DAYS = 32;
const FINANCE: readonly StaffRole[] = ['owner', 'finance'];
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'backoffice.validation.date');
const rangeQuery = z.object({ from: day, to: day });

/** CSV exports for the accountant (docs/decisions/063): Vientiane business days `from`..`to`, both included. */
export const exportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['backoffice'];
  const kinds = { deposits: depositsCsv, withdrawals: withdrawalsCsv } as const;
  for (const [kind, rows] of Object.entries(kinds)) {
    app.get(
      `/v2/backoffice/exports/${kind}.csv`,
      {
        config: staffAccess(FINANCE),
        schema: {
          tags,
          summary: `The agency's ${kind} of a date range as CSV (UTF-8 with BOM), at most ${EXPORT_MAX_DAYS} days`,
          querystring: rangeQuery,
          response: { 200: z.string().describe('text/csv'), ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const staff = requireStaff(request, FINANCE);
        const { from, to } = request.query;
        const { start, end } = businessDayRange(from, to, EXPORT_MAX_DAYS, 'backoffice.validation.export_range');
        await writeAudit(
          app.db,
          { staff, ip: request.ip },
          { action: `export.${kind as keyof typeof kinds}`, entityType: 'export', after: { from, to } },
        );
        // a stream is sent as it is, never through the response serializer (the declared 200 is for the API document)
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${kind}-${from}-${to}.csv"`)
          .send(Readable.from(rows(app.db, { agencyId: staff.agencyId, from: start, to: end })) as unknown as string);
      },
    );
  }
};
