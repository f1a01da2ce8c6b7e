import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  announcementBodySchema,
  announcementParamsSchema,
  announcementSchema,
  announcementsResponseSchema,
  staffAnnouncementsResponseSchema,
} from '@app/contracts';
import { staffActor } from '../../audit/audit.js';
import { agencyOf } from '../../plugins/agency.js';
import { MONEY_ROLES, staffAccess } from '../../plugins/staff-access.js';
import { requireStaff } from '../../plugins/staff-session.js';
import { errorResponses } from '../shared/route-errors.js';
import { createAnnouncementsService } from './announcements.service.js';
import type { AnnouncementsService } from './announcements.types.js';

type Routes = FastifyPluginAsyncZod<{ announcements: AnnouncementsService }>;

/** a new or ended announcement reaches players within this many seconds of the browser's cache */
const PLAYER_CACHE_SECONDS = 60;

/**
 * The player site reads the agency's announcements shown now, with or without a session (the banner is
 * on the login page too). The same answer for every visitor of a host: cacheable for a minute.
 */
const playerRoutes: Routes = async (app, { announcements }) => {
  app.get(
    '/v2/announcements',
    {
      schema: {
        tags: ['agency'],
        summary: "The agency's announcements shown to players now (a banner in the player's language)",
        response: { 200: announcementsResponseSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const list = await announcements.active(agencyOf(request).id);
      void reply.header('cache-control', `public, max-age=${PLAYER_CACHE_SECONDS}`);
      return { announcements: list };
    },
  );
};

/** The owner and finance (who run promotions) write, end and delete announcements (decision 174), audited. */
const staffRoutes: Routes = async (app, { announcements }) => {
  const tags = ['backoffice'];
  const only = { config: staffAccess(MONEY_ROLES) };
  const errors = errorResponses(400, 401, 403, 404, 409, 429);
  const params = announcementParamsSchema;

  app.get(
    '/v2/backoffice/announcements',
    {
      ...only,
      schema: {
        tags,
        summary: "The agency's announcements: shown now, to come, ended in the last 30 days",
        response: { 200: staffAnnouncementsResponseSchema, ...errors },
      },
    },
    async (request) => ({ announcements: await announcements.list(requireStaff(request).agencyId) }),
  );

  app.post(
    '/v2/backoffice/announcements',
    {
      ...only,
      schema: {
        tags,
        summary: 'Create an announcement: its text in lo, cn, vn, th and its window',
        body: announcementBodySchema,
        response: { 201: announcementSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await announcements.create(staffActor(request), request.body)),
  );

  app.put(
    '/v2/backoffice/announcements/:id',
    {
      ...only,
      schema: {
        tags,
        summary: 'Change an announcement that has not ended',
        params,
        body: announcementBodySchema,
        response: { 200: announcementSchema, ...errors },
      },
    },
    async (request) => announcements.update(staffActor(request), request.params.id, request.body),
  );

  app.post(
    '/v2/backoffice/announcements/:id/end',
    { ...only, schema: { tags, summary: 'End an announcement being shown now', params, response: { 200: announcementSchema, ...errors } } },
    async (request) => announcements.end(staffActor(request), request.params.id),
  );

  app.delete(
    '/v2/backoffice/announcements/:id',
    {
      ...only,
      schema: {
        tags,
        summary: 'Delete an announcement; answers the list left',
        params,
        response: { 200: staffAnnouncementsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const actor = staffActor(request);
      await announcements.remove(actor, request.params.id);
      return { announcements: await announcements.list(actor.staff.agencyId) };
    },
  );
};

/**
 * The module, registered once by app.ts: its service is built here from the core's parts (no other
 * module uses it, so it is not in services.ts; decision 152), then the players' and the staff's routes.
 */
export const announcementsModule: FastifyPluginAsyncZod = async (app) => {
  const announcements = createAnnouncementsService({ db: app.db, now: app.core.now });
  await app.register(playerRoutes, { announcements });
  await app.register(staffRoutes, { announcements });
};
