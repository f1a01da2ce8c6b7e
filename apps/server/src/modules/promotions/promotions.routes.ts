import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cancelPromotionUsageBodySchema,
  pageQuerySchema,
  promotionCheckBlockingResponseSchema,
  promotionParamsSchema,
  promotionResponseSchema,
  promotionsResponseSchema,
  promotionUsagePageSchema,
  promotionUsageResponseSchema,
  promotionUsingResponseSchema,
  usePromotionBodySchema,
  type PromotionCheckBlockingResponse,
} from '@app/contracts';
import { LANGUAGE_STORAGE_KEY, detectLanguage } from '@app/contracts/languages';
import { agencyOf } from '../../plugins/agency.js';
import { requirePlayer } from '../../plugins/session.js';
import { errorResponses } from '../shared/route-errors.js';
import { toPromotion, toUsage } from './promotions.view.js';

const errors = errorResponses(400, 401, 403, 404, 409, 422, 503);

/** The player's language: the site's cookie, else the browser's, else Lao. */
const languageOf = (request: FastifyRequest) =>
  detectLanguage(
    request.cookies[LANGUAGE_STORAGE_KEY],
    (request.headers['accept-language'] ?? '').split(',').map((part) => part.split(';')[0]!.trim()),
  );

/** The player's promotion calls (SPEC.md §7, DESIGN.md §8). */
export const promotionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.promotions;
  const tags = ['promotions'];
  const loggedIn = { preValidation: async (request: FastifyRequest) => void requirePlayer(request) };

  app.get(
    '/v2/promotions',
    {
      ...loggedIn,
      schema: {
        tags,
        summary: "The agency's active promotions, in the player's language",
        response: { 200: promotionsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const language = languageOf(request);
      return { promotions: (await service.list(agencyOf(request).id)).map((p) => toPromotion(p, language)) };
    },
  );

  app.get(
    '/v2/promotions/check-blocking',
    {
      ...loggedIn,
      schema: {
        tags,
        summary: 'Whether the player may take a promotion now, and the first reason not',
        response: { 200: promotionCheckBlockingResponseSchema, ...errors },
      },
    },
    async (request): Promise<PromotionCheckBlockingResponse> => {
      const reason = await service.blockingReason(requirePlayer(request));
      return { isBlocked: reason === 'PROMOTION_PLAYER_BLOCKED', reason: reason as PromotionCheckBlockingResponse['reason'] };
    },
  );

  app.get(
    '/v2/promotions/usages',
    {
      ...loggedIn,
      schema: {
        tags,
        summary: "The player's promotion usages, newest first",
        querystring: pageQuerySchema,
        response: { 200: promotionUsagePageSchema, ...errors },
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const language = languageOf(request);
      const { items, total } = await service.history(requirePlayer(request), page, pageSize);
      return { items: items.map(({ usage, promotion }) => toUsage(usage, promotion, language)), page, pageSize, total };
    },
  );

  app.get(
    '/v2/promotions/:id',
    {
      ...loggedIn,
      schema: { tags, summary: 'One promotion', params: promotionParamsSchema, response: { 200: promotionResponseSchema, ...errors } },
    },
    async (request) => ({ promotion: toPromotion(await service.get(agencyOf(request).id, request.params.id), languageOf(request)) }),
  );

  app.post(
    '/v2/promotions/use',
    {
      ...loggedIn,
      config: { idempotent: true, sessionUnchanged: true },
      schema: {
        tags,
        summary: 'Take a promotion for one provider (ACTIVE)',
        body: usePromotionBodySchema,
        response: { 201: promotionUsageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { usage, promotion } = await service.use(agencyOf(request), requirePlayer(request), request.body);
      return reply.status(201).send({ usage: toUsage(usage, promotion, languageOf(request)) });
    },
  );

  app.get(
    '/v2/players/promotions/using',
    {
      ...loggedIn,
      schema: {
        tags,
        summary: 'The promotion the player holds (ACTIVE or USED), or nulls',
        response: { 200: promotionUsingResponseSchema, ...errors },
      },
    },
    async (request) => {
      const held = await service.using(requirePlayer(request));
      if (!held) return { usage: null, promotion: null };
      const language = languageOf(request);
      return { usage: toUsage(held.usage, held.promotion, language), promotion: toPromotion(held.promotion, language) };
    },
  );

  app.post(
    '/v2/promotions/usages/recheck',
    {
      ...loggedIn,
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Look again: turnover, and SUCCESS when the bonus was played away',

        response: { 200: promotionUsageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { usage, promotion } = await service.recheck(agencyOf(request), requirePlayer(request));
      return { usage: toUsage(usage, promotion, languageOf(request)) };
    },
  );

  app.post(
    '/v2/promotions/usages/cancel',
    {
      ...loggedIn,
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Cancel a usage; from USED the bonus is taken back',
        body: cancelPromotionUsageBodySchema,
        response: { 200: promotionUsageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const session = requirePlayer(request);
      const { usage, promotion } = await service.cancel(
        { agencyId: session.agencyId, playerId: session.playerId },
        request.body.usageId,
        'PLAYER',
      );
      return { usage: toUsage(usage, promotion, languageOf(request)) };
    },
  );
};
