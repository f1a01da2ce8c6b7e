import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  approveWithdrawalBodySchema,
  backofficeWithdrawalResponseSchema,
  backofficeWithdrawalsQuerySchema,
  backofficeWithdrawalsResponseSchema,
  errorBodySchema,
  okResponseSchema,
  rejectWithdrawalBodySchema,
  staffLoginBodySchema,
  staffSessionResponseSchema,
  type StaffRole,
} from '@app/contracts';
import type { Tx } from '../../db/client.js';
import { agencyOf } from '../../plugins/agency.js';
import { requireStaff, type StaffSession } from '../../plugins/staff-session.js';
import { approveWithdrawal, rejectWithdrawal, type Decision } from '../withdrawals/decisions.js';
import { transactionWithRetry } from '../../db/errors.js';
import { settleSoon } from '../withdrawals/withdrawals.service.js';
import { toBackofficeWithdrawal } from '../withdrawals/view.js';
import { writeAudit } from './audit.js';
import { listWithdrawals, playerUsername } from './withdrawal-queue.js';
import { staffAuthService } from './staff.service.js';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};
/** who may pay out or refuse; support reads only (DESIGN.md §9) */
const DECIDERS: readonly StaffRole[] = ['owner', 'finance'];
const idParams = z.object({ id: z.string().uuid() });

/** The back office API: never reachable with a player session (plugins/staff-session.ts). */
export const backofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = staffAuthService(app);
  const tags = ['backoffice'];
  const staffOnly = { preValidation: async (request: FastifyRequest) => void requireStaff(request) };
  const decidersOnly = { preValidation: async (request: FastifyRequest) => void requireStaff(request, DECIDERS) };

  app.post(
    '/v2/backoffice/login',
    { schema: { tags, summary: 'Staff login', body: staffLoginBodySchema, response: { 200: staffSessionResponseSchema, ...errors } } },
    async (request, reply) => auth.login(request, reply, agencyOf(request), request.body),
  );

  app.post(
    '/v2/backoffice/logout',
    { schema: { tags, summary: 'End this staff session', response: { 200: okResponseSchema, ...errors } } },
    async (request, reply) => {
      await auth.logout(request, reply);
      return { ok: true as const };
    },
  );

  app.get(
    '/v2/backoffice/withdrawals',
    {
      ...staffOnly,
      schema: {
        tags,
        summary: 'The withdrawal queue (OPEN by default)',
        querystring: backofficeWithdrawalsQuerySchema,
        response: { 200: backofficeWithdrawalsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      const { status, page, pageSize } = request.query;
      return listWithdrawals(app.db, staff.agencyId, status, page, pageSize);
    },
  );

  /** One decision: the change, its audit row and the ledger commit together; a return settles after. */
  async function decide(request: FastifyRequest, staff: StaffSession, action: string, run: (tx: Tx) => Promise<Decision>) {
    const decision = await transactionWithRetry(app.db, async (tx) => {
      const d = await run(tx);
      await writeAudit(tx, {
        agencyId: staff.agencyId,
        staff: { staffId: staff.staffId, username: staff.username },
        action,
        entityType: 'withdrawal',
        entityId: d.after.id,
        before: { status: d.before.status },
        after: { status: d.after.status, bankReference: d.after.bankReference, rejectReason: d.after.rejectReason },
        ip: request.ip,
      });
      return d;
    });
    if (decision.transfer) await settleSoon(app, decision.transfer);
    return { withdrawal: toBackofficeWithdrawal(decision.after, await playerUsername(app.db, decision.after.playerId)) };
  }

  app.post(
    '/v2/backoffice/withdrawals/:id/approve',
    {
      ...decidersOnly,
      schema: {
        tags,
        summary: 'Paid out: SUCCESS with the bank reference',
        params: idParams,
        body: approveWithdrawalBodySchema,
        response: { 200: backofficeWithdrawalResponseSchema, ...errors },
      },
    },
    async (request) => {
      const staff = requireStaff(request, DECIDERS);
      return decide(request, staff, 'withdrawal.approve', (tx) =>
        approveWithdrawal(app, tx, {
          agencyId: staff.agencyId,
          id: request.params.id,
          staffId: staff.staffId,
          bankReference: request.body.bankReference,
        }),
      );
    },
  );

  app.post(
    '/v2/backoffice/withdrawals/:id/reject',
    {
      ...decidersOnly,
      schema: {
        tags,
        summary: 'Refused: REJECTED, the credit back at the provider',
        params: idParams,
        body: rejectWithdrawalBodySchema,
        response: { 200: backofficeWithdrawalResponseSchema, ...errors },
      },
    },
    async (request) => {
      const staff = requireStaff(request, DECIDERS);
      return decide(request, staff, 'withdrawal.reject', (tx) =>
        rejectWithdrawal(app, tx, { agencyId: staff.agencyId, id: request.params.id, staffId: staff.staffId, reason: request.body.reason }),
      );
    },
  );
};
