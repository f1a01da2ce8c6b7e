import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attentionActionResponseSchema,
  attentionListResponseSchema,
  attentionQuerySchema,
  attentionSummarySchema,
  refundBodySchema,
  rejectHeldBodySchema,
  resolveTransferBodySchema,
  retryTransferBodySchema,
} from '@app/contracts';
import { MONEY_ROLES, staffAccess } from '../../../plugins/staff-access.js';
import { staffActor, type StaffActor } from '../../../audit/audit.js';
import { errorResponses } from '../../shared/route-errors.js';

const errors = errorResponses(400, 401, 403, 404, 409);
/** money: owner and finance; support never (DESIGN.md §9) */
const FINANCE = MONEY_ROLES;
const idParams = z.object({ id: z.uuid() });
type ActionAnswer = z.infer<typeof attentionActionResponseSchema>;

/** Deposits needing attention (docs/decisions/059), under /v2/backoffice like every staff route. */
export const attentionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { attention } = app.services;
  const tags = ['backoffice'];
  // declared once (decision 050): the check runs before the handler, which only reads the staff member
  const finance = { config: staffAccess(FINANCE) };

  app.get(
    '/v2/backoffice/deposits/attention',
    {
      ...finance,
      schema: {
        tags,
        summary: 'Deposits needing attention of one kind, oldest first (keyset: cursor, limit)',
        querystring: attentionQuerySchema,
        response: { 200: attentionListResponseSchema, ...errors },
      },
    },
    async (request) => attention.list(staffActor(request).staff.agencyId, request.query.kind, request.query.cursor, request.query.limit),
  );
  app.get(
    '/v2/backoffice/deposits/attention/summary',
    {
      ...finance,
      schema: {
        tags,
        summary: 'How many deposits need attention, and the oldest, per kind',
        response: { 200: attentionSummarySchema, ...errors },
      },
    },
    async (request) => attention.summary(staffActor(request).staff.agencyId),
  );

  /** One action on one item (`:id`): its body (if any) checked, the answer the item as it is now. */
  function action<B extends z.ZodType>(
    url: string,
    summary: string,
    body: B | null,
    run: (who: StaffActor, id: string, body: z.infer<B>) => Promise<ActionAnswer>,
  ) {
    app.post(
      url,
      {
        ...finance,
        schema: { tags, summary, params: idParams, ...(body ? { body } : {}), response: { 200: attentionActionResponseSchema, ...errors } },
      },
      async (request) => run(staffActor(request), (request.params as z.infer<typeof idParams>).id, request.body as z.infer<B>),
    );
  }

  action(
    '/v2/backoffice/deposits/:id/retry-transfer',
    "A FAILED deposit's credit sent to the provider again (once per number of transfers seen)",
    retryTransferBodySchema,
    (who, id, b) => attention.retry(who, id, b.transfers),
  );
  action(
    '/v2/backoffice/deposits/:id/refund',
    "A FAILED deposit's kip refunded to the payer, with the bank's reference",
    refundBodySchema,
    (who, id, b) => attention.refundDeposit(who, id, b.bankReference),
  );
  // a paid deposit held for review (decision 162)
  action(
    '/v2/backoffice/deposits/:id/review/approve',
    'A held deposit approved: its credit sent to the provider through the normal path, once',
    null,
    (who, id) => attention.approveHeld(who, id),
  );
  action(
    '/v2/backoffice/deposits/:id/review/reject',
    "A held deposit rejected with a reason: its kip refunded to the payer, with the bank's reference",
    rejectHeldBodySchema,
    (who, id, b) => attention.rejectHeld(who, id, b),
  );
  action(
    '/v2/backoffice/transfers/:id/recheck',
    'An unknown transfer: the provider asked about it again now (never a second transfer)',
    null,
    (who, id) => attention.recheck(who, id),
  );
  action(
    '/v2/backoffice/transfers/:id/resolve',
    "An unknown transfer decided from the provider's own records: applied or not, with a note",
    resolveTransferBodySchema,
    (who, id, b) => attention.resolve(who, id, b),
  );
  action(
    '/v2/backoffice/unmatched-payments/:id/refund',
    'A payment that matched no order refunded, with the bank reference',
    refundBodySchema,
    (who, id, b) => attention.refundPayment(who, id, b.bankReference),
  );
};
