import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
  type PromotionsResponse,
  type PromotionUsingResponse,
  promotionUsageSchema,
} from '@app/contracts';
import { LANGUAGE_STORAGE_KEY, detectLanguage } from '@app/contracts/languages';
import { agencyOf } from '../../plugins/agency.js';
import { requirePlayer } from '../../plugins/session.js';
import { errorResponses } from '../shared/route-errors.js';
import { PROMOTION_CHANNEL, PromotionOffers, promotionJsonOf } from './promotions.offers.js';
import { toPromotion, toUsage } from './promotions.view.js';

const JSON_TYPE = 'application/json; charset=utf-8';
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
  // the agency's offers, kept by this instance while the database tells it their changes (decision 188)
  const offers = new PromotionOffers(app.database.db);
  const listening = app.database.listen(PROMOTION_CHANNEL, {
    onNotify: (agencyId) => offers.invalidate(agencyId),
    onState: (up) => offers.setListening(up),
    onError: (err) => app.log.warn({ err }, 'promotion notifications'),
  });
  app.addHook('preClose', () => listening.close());

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
    async (request, reply) => {
      // the same bytes the schema's serializer would write, made once per agency, language and change;
      // the type provider does not model a pre-serialized body, hence the cast
      const body = (await offers.answer(agencyOf(request).id, languageOf(request))) as unknown as PromotionsResponse;
      return reply.type(JSON_TYPE).send(body);
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
    async (request, reply) => {
      const held = await service.using(requirePlayer(request));
      if (!held) return { usage: null, promotion: null };
      const language = languageOf(request);
      // the bytes the schema's serializer would write (see GET /v2/promotions); the promotion's made once per change
      const usage = JSON.stringify(z.encode(promotionUsageSchema, toUsage(held.usage, held.promotion, language)));
      const body = `{"usage":${usage},"promotion":${promotionJsonOf(held.promotion, language)}}`;
      return reply.type(JSON_TYPE).send(body as unknown as PromotionUsingResponse);
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
