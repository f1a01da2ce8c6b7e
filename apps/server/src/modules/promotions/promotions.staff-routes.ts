import type { AuditAction } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  backofficePromotionResponseSchema,
  backofficePromotionsResponseSchema,
  backofficePromotionUsagePageSchema,
  okResponseSchema,
  keysetQuerySchema,
  promotionBlockBodySchema,
  promotionInputSchema,
  promotionFiguresResponseSchema,
  promotionUsageResponseSchema,
} from '@app/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { transactionWithRetry } from '../../db/errors.js';
import type { Tx } from '../../db/client.js';
import { players, promotionUsages, promotions } from '../../db/schema/index.js';
import { MONEY_ROLES, staffAccess } from '../../plugins/staff-access.js';
import { requireStaff } from '../../plugins/staff-session.js';
import { writeAudit, type AuditActor } from '../../audit/audit.js';
import { errorResponses } from '../shared/route-errors.js';
import { toBackofficePromotion, toUsage } from './promotions.view.js';
import { byCreatedAt } from '../shared/keyset.js';
import { promotionFigures } from './promotions.figures.js';

const errors = errorResponses(400, 401, 403, 404, 409, 422, 503);
const idParams = z.object({ id: z.uuid() });
/** a promotion's usages, newest first */
const usagesNewest = byCreatedAt('desc', promotionUsages);

/** Staff's promotion calls under /v2/backoffice; every change with its audit row in the same transaction. */
export const promotionsStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.promotions;
  const { db } = app;
  const tags = ['backoffice'];
  // promotions are money (their cost, the blacklist): owner and finance; support does not see them (DESIGN.md §9)
  const money = { config: staffAccess(MONEY_ROLES) };

  // a promotion written (created or changed): its code and rules as they now are, in the change's transaction
  const auditRules = (tx: Tx, actor: AuditActor, action: AuditAction, p: { id: string; code: string; rules: unknown }) =>
    writeAudit(tx, actor, { action, entityType: 'promotion', entityId: p.id, after: { code: p.code, rules: p.rules } });

  app.get(
    '/v2/backoffice/promotions',
    {
      ...money,
      schema: { tags, summary: "The agency's promotions", response: { 200: backofficePromotionsResponseSchema, ...errors } },
    },
    async (request) => {
      const staff = requireStaff(request);
      const rows = await db.select().from(promotions).where(eq(promotions.agencyId, staff.agencyId)).orderBy(asc(promotions.createdAt));
      return { promotions: rows.map(toBackofficePromotion) };
    },
  );

  app.get(
    '/v2/backoffice/promotions/figures',
    {
      ...money,
      schema: {
        tags,
        summary: 'Per promotion: usages taken, used (deposit paid) and the bonus cost (credited less taken back), THB',
        response: { 200: promotionFiguresResponseSchema, ...errors },
      },
    },
    // kept by the database (decision 079): bounded by the promotions, not by their usages
    async (request) => promotionFigures(db, requireStaff(request).agencyId),
  );

  app.post(
    '/v2/backoffice/promotions',
    {
      ...money,
      schema: {
        tags,
        summary: 'Create a promotion',
        body: promotionInputSchema,
        response: { 201: backofficePromotionResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const staff = requireStaff(request);
      const row = await transactionWithRetry(db, async (tx) => {
        const created = await service.create(tx, staff.agencyId, request.body);
        await auditRules(tx, { staff, ip: request.ip }, 'promotion.create', created);
        return created;
      });
      return reply.status(201).send({ promotion: toBackofficePromotion(row) });
    },
  );

  app.get(
    '/v2/backoffice/promotions/:id',
    {
      ...money,
      schema: { tags, summary: 'One promotion', params: idParams, response: { 200: backofficePromotionResponseSchema, ...errors } },
    },
    async (request) => ({ promotion: toBackofficePromotion(await service.get(requireStaff(request).agencyId, request.params.id)) }),
  );

  app.put(
    '/v2/backoffice/promotions/:id',
    {
      ...money,
      schema: {
        tags,
        summary: 'Change a promotion',
        params: idParams,
        body: promotionInputSchema,
        response: { 200: backofficePromotionResponseSchema, ...errors },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      const row = await transactionWithRetry(db, async (tx) => {
        const changed = await service.update(tx, staff.agencyId, request.params.id, request.body);
        await auditRules(tx, { staff, ip: request.ip }, 'promotion.update', changed);
        return changed;
      });
      return { promotion: toBackofficePromotion(row) };
    },
  );

  app.post(
    '/v2/backoffice/promotions/:id/deactivate',
    {
      ...money,
      schema: {
        tags,
        summary: 'Deactivate: its ACTIVE usages turn INACTIVE by the worker',
        params: idParams,
        response: { 200: backofficePromotionResponseSchema, ...errors },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      const row = await transactionWithRetry(db, async (tx) => {
        const r = await service.deactivate(tx, staff.agencyId, request.params.id);
        await writeAudit(
          tx,
          { staff, ip: request.ip },
          { action: 'promotion.deactivate', entityType: 'promotion', entityId: r.id, after: { isActive: false } },
        );
        return r;
      });
      return { promotion: toBackofficePromotion(row) };
    },
  );

  app.get(
    '/v2/backoffice/promotions/:id/usages',
    {
      ...money,
      schema: {
        tags,
        summary: "A promotion's usages, newest first",
        params: idParams,
        querystring: keysetQuerySchema,
        response: { 200: backofficePromotionUsagePageSchema, ...errors },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      // another agency's promotion is nobody's: 404 before any usage is read
      const promotion = await service.get(staff.agencyId, request.params.id);
      const { cursor, limit } = request.query;
      // newest first by keyset (decision 058), one range of promotion_usages_promotion_newest (migration 0043); no count
      const rows = await db
        .select({ usage: promotionUsages, username: players.username, cursorKey: usagesNewest.key })
        .from(promotionUsages)
        .innerJoin(players, eq(players.id, promotionUsages.playerId))
        .where(and(eq(promotionUsages.agencyId, staff.agencyId), eq(promotionUsages.promotionId, promotion.id), usagesNewest.after(cursor)))
        .orderBy(...usagesNewest.orderBy)
        .limit(limit + 1);
      const page = usagesNewest.page(rows, limit);
      return {
        nextCursor: page.nextCursor,
        items: page.items.map(({ usage, username }) => ({
          ...toUsage(usage, promotion, 'lo'),
          playerId: usage.playerId,
          playerUsername: username,
        })),
      };
    },
  );

  app.post(
    '/v2/backoffice/promotion-usages/:id/cancel',
    {
      ...money,
      schema: {
        tags,
        summary: 'Cancel a usage; from USED the bonus is taken back',
        params: idParams,
        response: { 200: promotionUsageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      const { usage, promotion } = await service.cancel({ agencyId: staff.agencyId }, request.params.id, 'STAFF', (tx, canceled) =>
        writeAudit(
          tx,
          { staff, ip: request.ip },
          {
            action: 'promotion_usage.cancel',
            entityType: 'promotion_usage',
            entityId: canceled.id,
            after: { status: canceled.status, clawedBack: String(canceled.clawedBack ?? 0n) },
          },
        ),
      );
      return { usage: toUsage(usage, promotion, 'lo') };
    },
  );

  app.put(
    '/v2/backoffice/players/:id/promotion-block',
    {
      ...money,
      schema: {
        tags,
        summary: 'Block or unblock a player from promotions',
        params: idParams,
        body: promotionBlockBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      await transactionWithRetry(db, async (tx) => {
        await service.setBlocked(tx, staff.agencyId, request.params.id, request.body.blocked);
        await writeAudit(
          tx,
          { staff, ip: request.ip },
          { action: 'player.promotion_block', entityType: 'player', entityId: request.params.id, after: { blocked: request.body.blocked } },
        );
      });
      return { ok: true as const };
    },
  );
};
