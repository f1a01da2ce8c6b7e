import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createDepositSchema,
  depositIdParamsSchema,
  depositListResponseSchema,
  depositQrResponseSchema,
  depositResponseSchema,
  fromMinor,
  openDepositResponseSchema,
  pageQuerySchema,
} from '@app/contracts';
import { agencyOf } from '../../plugins/agency.js';
import { requirePlayer } from '../../plugins/session.js';
import { renderQrSvg } from '../../payments/index.js';
import { errorResponses } from '../shared/route-errors.js';
import { depositView } from './deposits.view.js';

const errors = errorResponses(400, 401, 403, 404, 409, 422, 503);

/** Deposit by LAO QR (DESIGN.md §5, docs/decisions/014-deposits.md). */
export const depositRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deposits } = app.services;

  app.post(
    '/v2/deposits',
    {
      config: { idempotent: true, sessionUnchanged: true },
      schema: {
        tags: ['deposits'],
        summary: 'Open a deposit order (QR, 10 minutes)',
        body: createDepositSchema,
        response: { 201: depositResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const order = await deposits.create(agencyOf(request), requirePlayer(request), request.body);
      return reply.code(201).send({ order: depositView(order) });
    },
  );

  app.get(
    '/v2/deposits/open',
    {
      schema: {
        tags: ['deposits'],
        summary: "The player's open deposit order, or null",
        response: { 200: openDepositResponseSchema, ...errors },
      },
    },
    async (request) => {
      const order = await deposits.open(requirePlayer(request));
      return { order: order ? depositView(order) : null };
    },
  );

  app.get(
    '/v2/deposits',
    {
      schema: {
        tags: ['deposits'],
        summary: 'Deposit history, newest first',
        querystring: pageQuerySchema,
        response: { 200: depositListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { items, total } = await deposits.list(requirePlayer(request), request.query);
      return { items: items.map(depositView), page: request.query.page, pageSize: request.query.pageSize, total };
    },
  );

  app.get(
    '/v2/deposits/:id',
    {
      schema: {
        tags: ['deposits'],
        summary: 'One deposit order',
        params: depositIdParamsSchema,
        response: { 200: depositResponseSchema, ...errors },
      },
    },
    async (request) => ({ order: depositView(await deposits.own(requirePlayer(request), request.params.id)) }),
  );

  app.get(
    '/v2/deposits/:id/qr',
    {
      schema: {
        tags: ['deposits'],
        summary: 'The LAO QR payload and its SVG',
        params: depositIdParamsSchema,
        response: { 200: depositQrResponseSchema, ...errors },
      },
    },
    async (request) => {
      const order = await deposits.own(requirePlayer(request), request.params.id);
      return {
        payload: order.qrPayload,
        svg: await renderQrSvg(order.qrPayload),
        amount: fromMinor(order.amountLak, 'LAK'),
        bank: order.bank,
        expiresAt: order.expiresAt.toISOString(),
      };
    },
  );

  app.post(
    '/v2/deposits/:id/check',
    {
      config: { idempotent: true },
      schema: {
        tags: ['deposits'],
        summary: 'Ask the bank now (ORDER_NOT_PAID until paid)',
        params: depositIdParamsSchema,
        response: { 200: depositResponseSchema, ...errors },
      },
    },
    async (request) => ({ order: depositView(await deposits.check(requirePlayer(request), request.params.id)) }),
  );

  app.post(
    '/v2/deposits/:id/cancel',
    {
      config: { idempotent: true },
      schema: {
        tags: ['deposits'],
        summary: 'Cancel an open order (a paid one is settled instead)',
        params: depositIdParamsSchema,
        response: { 200: depositResponseSchema, ...errors },
      },
    },
    async (request) => ({ order: depositView(await deposits.cancel(requirePlayer(request), request.params.id)) }),
  );
};
