import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agencySettingsResponseSchema,
  agencySettingsUpdateSchema,
  bankConfigBodySchema,
  bankConfigParamsSchema,
  bankConfigResponseSchema,
  currencyRatesBodySchema,
  keysetQuerySchema,
  okResponseSchema,
  rateHistoryResponseSchema,
  rejectReasonsBodySchema,
  rejectReasonsResponseSchema,
  staffCurrenciesResponseSchema,
  staffCurrencyResponseSchema,
  type StaffRole,
} from '@app/contracts';
import { MONEY_ROLES, OWNER_ONLY, staffAccess } from '../../../plugins/staff-access.js';
import { requireStaff } from '../../../plugins/staff-session.js';
import { staffActor } from '../../../audit/audit.js';
import { errorResponses } from '../../shared/route-errors.js';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
/** DESIGN.md §9: rates are finance's and the owner's; the agency's settings the owner's alone */
const RATES = MONEY_ROLES;
const OWNER = OWNER_ONLY;
const idParams = z.object({ id: z.uuid() });

export const staffSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { staffSettings: settings } = app.services;
  const tags = ['backoffice'];
  // each route's roles declared once (decision 050): the check runs before the handler
  const only = (roles: readonly StaffRole[]) => ({ config: staffAccess(roles) });

  app.get(
    '/v2/backoffice/currencies',
    {
      ...only(RATES),
      schema: { tags, summary: "The agency's currencies with their rates", response: { 200: staffCurrenciesResponseSchema, ...errors } },
    },
    async (request) => settings.currencies(requireStaff(request).agencyId),
  );

  app.put(
    '/v2/backoffice/currencies/:id',
    {
      ...only(RATES),
      schema: {
        tags,
        summary:
          "Change buy and sell (buy ≤ sell) and whether players see it; beyond the agency's bound the change waits for a second staff user",
        params: idParams,
        body: currencyRatesBodySchema,
        response: { 200: staffCurrencyResponseSchema, ...errors },
      },
    },
    async (request) => settings.updateRates(staffActor(request), request.params.id, request.body),
  );

  for (const [step, summary] of [
    ['approve', "A second staff user applies the rate change waiting beyond the agency's bound"],
    ['reject', 'The rate change waiting beyond the bound dropped'],
  ] as const) {
    app.post(
      `/v2/backoffice/currencies/:id/pending/${step}`,
      {
        ...only(RATES),
        schema: { tags, summary, params: idParams, response: { 200: staffCurrencyResponseSchema, ...errors } },
      },
      async (request) =>
        step === 'approve'
          ? settings.approveRates(staffActor(request), request.params.id)
          : settings.rejectRates(staffActor(request), request.params.id),
    );
  }

  app.get(
    '/v2/backoffice/currencies/:id/history',
    {
      ...only(RATES),
      schema: {
        tags,
        summary: "A currency's rate changes, newest first (keyset)",
        params: idParams,
        querystring: keysetQuerySchema,
        response: { 200: rateHistoryResponseSchema, ...errors },
      },
    },
    async (request) => settings.rateHistory(requireStaff(request).agencyId, request.params.id, request.query.cursor, request.query.limit),
  );

  app.get(
    '/v2/backoffice/agency/settings',
    {
      ...only(OWNER),
      schema: {
        tags,
        summary: "The agency's bounds, social links and per-bank LAO QR merchant settings",
        response: { 200: agencySettingsResponseSchema, ...errors },
      },
    },
    async (request) => settings.agencySettings(requireStaff(request).agencyId),
  );

  app.put(
    '/v2/backoffice/agency/settings',
    {
      ...only(OWNER),
      schema: {
        tags,
        summary: "Change the agency's bounds and social links",
        body: agencySettingsUpdateSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await settings.updateAgencySettings(staffActor(request), request.body);
      // this instance at once; the others within their 30 s cache
      app.invalidateAgencyCache();
      return { ok: true as const };
    },
  );

  app.put(
    '/v2/backoffice/agency/bank-config/:bank',
    {
      ...only(OWNER),
      schema: {
        tags,
        summary: "One bank's LAO QR merchant settings (IIN, merchant id, MCC); refused unless the QR still builds",
        params: bankConfigParamsSchema,
        body: bankConfigBodySchema,
        response: { 200: bankConfigResponseSchema, ...errors },
      },
    },
    async (request) => settings.updateBankConfig(staffActor(request), request.params.bank, request.body),
  );

  app.get(
    '/v2/backoffice/agency/reject-reasons',
    {
      ...only(MONEY_ROLES),
      schema: {
        tags,
        summary: 'The preset reasons staff choose from when they reject a withdrawal (the defaults until the owner saves a list)',
        response: { 200: rejectReasonsResponseSchema, ...errors },
      },
    },
    async (request) => settings.rejectReasons(requireStaff(request).agencyId),
  );

  app.put(
    '/v2/backoffice/agency/reject-reasons',
    {
      ...only(OWNER),
      schema: {
        tags,
        summary: "Replace the agency's preset reject reasons (the text chosen is what the player reads), audited",
        body: rejectReasonsBodySchema,
        response: { 200: rejectReasonsResponseSchema, ...errors },
      },
    },
    async (request) => settings.updateRejectReasons(staffActor(request), request.body),
  );
};
