import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changeStaffPasswordBodySchema,
  createStaffUserBodySchema,
  enrolmentConfirmBodySchema,
  enrolmentResponseSchema,
  invitationAcceptBodySchema,
  invitationOpenBodySchema,
  invitationResponseSchema,
  invitedStaffUserResponseSchema,
  keysetQuerySchema,
  okResponseSchema,
  recoveryCodesResponseSchema,
  secondFactorBodySchema,
  secondFactorStatusSchema,
  staffLoginBodySchema,
  staffRoleBodySchema,
  staffSessionResponseSchema,
  staffUserResponseSchema,
  staffUsersResponseSchema,
} from '@app/contracts';
import { agencyOf } from '../../../plugins/agency.js';
import { ALL_STAFF, OWNER_ONLY, staffAccess } from '../../../plugins/staff-access.js';
import { requireStaff } from '../../../plugins/staff-session.js';
import { errorResponses } from '../../shared/route-errors.js';
import { signInsRoutes } from './sign-ins.js';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const idParams = z.object({ id: z.uuid() });
/** reachable with the password alone: the staff member's own state, enrolment, the code */
const beforeSecondFactor = staffAccess(ALL_STAFF, { beforeSecondFactor: true });

/** Signing in and out, the staff member's own account (second factor, password) and the owner's staff users. */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { staff } = app.services;
  const tags = ['backoffice'];
  await app.register(signInsRoutes);

  app.post(
    '/v2/backoffice/login',
    {
      config: staffAccess([], { public: true }),
      schema: { tags, summary: 'Staff login', body: staffLoginBodySchema, response: { 200: staffSessionResponseSchema, ...errors } },
    },
    async (request, reply) => staff.login(request, reply, agencyOf(request), request.body),
  );

  app.post(
    '/v2/backoffice/logout',
    {
      config: staffAccess([], { public: true }),
      schema: { tags, summary: 'End this staff session', response: { 200: okResponseSchema, ...errors } },
    },
    async (request, reply) => {
      await staff.logout(request, reply);
      return { ok: true as const };
    },
  );

  app.get(
    '/v2/backoffice/me',
    {
      config: beforeSecondFactor,
      schema: { tags, summary: 'This staff member, role and second factor', response: { 200: staffSessionResponseSchema, ...errors } },
    },
    async (request) => staff.me(request),
  );

  app.post(
    '/v2/backoffice/login/second-factor',
    {
      config: beforeSecondFactor,
      schema: {
        tags,
        summary: 'The 6-digit code (or a recovery code) after the password',
        body: secondFactorBodySchema,
        response: { 200: secondFactorStatusSchema, ...errors },
      },
    },
    async (request, reply) => staff.secondFactor.pass(request, reply, request.body.code),
  );

  app.post(
    '/v2/backoffice/second-factor/enrolment',
    {
      config: beforeSecondFactor,
      schema: { tags, summary: 'Start enrolment: a new secret as QR and text', response: { 200: enrolmentResponseSchema, ...errors } },
    },
    async (request) => staff.secondFactor.startEnrolment(request, `Lao Credit ${agencyOf(request).code}`),
  );

  app.post(
    '/v2/backoffice/second-factor/enrolment/confirm',
    {
      config: beforeSecondFactor,
      schema: {
        tags,
        summary: 'Confirm enrolment with one code: ten recovery codes, shown once',
        body: enrolmentConfirmBodySchema,
        response: { 200: recoveryCodesResponseSchema, ...errors },
      },
    },
    async (request, reply) => staff.secondFactor.confirmEnrolment(request, reply, request.body.code),
  );

  app.post(
    '/v2/backoffice/password',
    {
      config: staffAccess(ALL_STAFF),
      schema: {
        tags,
        summary: 'Change my password (my other sessions end)',
        body: changeStaffPasswordBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await staff.changePassword(request, reply, request.body);
      return { ok: true as const };
    },
  );

  app.get(
    '/v2/backoffice/staff-users',
    {
      config: staffAccess(OWNER_ONLY),
      schema: {
        tags,
        summary: "The agency's staff users by username (keyset pages)",
        querystring: keysetQuerySchema,
        response: { 200: staffUsersResponseSchema, ...errors },
      },
    },
    async (request) => staff.staffAdmin.list(requireStaff(request).agencyId, request.query),
  );

  app.post(
    '/v2/backoffice/staff-users',
    {
      config: staffAccess(OWNER_ONLY),
      schema: {
        tags,
        summary: 'Create a staff user: answers their invitation link (72 h, once)',
        body: createStaffUserBodySchema,
        response: { 201: invitedStaffUserResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await staff.staffAdmin.create(request, requireStaff(request), request.body)),
  );

  app.put(
    '/v2/backoffice/staff-users/:id/role',
    {
      config: staffAccess(OWNER_ONLY),
      schema: {
        tags,
        summary: "Change a staff user's role",
        params: idParams,
        body: staffRoleBodySchema,
        response: { 200: staffUserResponseSchema, ...errors },
      },
    },
    async (request) => staff.staffAdmin.setRole(request, requireStaff(request), request.params.id, request.body.role),
  );

  for (const [path, active, summary] of [
    ['disable', false, 'Disable a staff user (their sessions end)'],
    ['enable', true, 'Enable a disabled staff user'],
  ] as const) {
    app.post(
      `/v2/backoffice/staff-users/:id/${path}`,
      {
        config: staffAccess(OWNER_ONLY),
        schema: { tags, summary, params: idParams, response: { 200: staffUserResponseSchema, ...errors } },
      },
      async (request) => staff.staffAdmin.setActive(request, requireStaff(request), request.params.id, active),
    );
  }

  app.post(
    '/v2/backoffice/staff-users/:id/reset-second-factor',
    {
      config: staffAccess(OWNER_ONLY),
      schema: {
        tags,
        summary: "Reset a staff user's second factor (their sessions end): answers their new invitation link",
        params: idParams,
        response: { 200: invitedStaffUserResponseSchema, ...errors },
      },
    },
    async (request) => staff.staffAdmin.resetSecondFactor(request, requireStaff(request), request.params.id),
  );

  app.post(
    '/v2/backoffice/staff-users/:id/invitation',
    {
      config: staffAccess(OWNER_ONLY),
      schema: {
        tags,
        summary: 'A new invitation link for a staff user not enrolled yet (the older link stops working)',
        params: idParams,
        response: { 200: invitedStaffUserResponseSchema, ...errors },
      },
    },
    async (request) => staff.staffAdmin.newInvitation(request, requireStaff(request), request.params.id),
  );

  // the invitation page (decision 110): public, the token in the body, never in a URL
  app.post(
    '/v2/backoffice/invitation',
    {
      config: staffAccess([], { public: true }),
      schema: {
        tags,
        summary: 'Open an invitation: who is invited and the second factor to scan',
        body: invitationOpenBodySchema,
        response: { 200: invitationResponseSchema, ...errors },
      },
    },
    async (request) => staff.invitations.open(request, agencyOf(request), request.body.token),
  );

  app.post(
    '/v2/backoffice/invitation/accept',
    {
      config: staffAccess([], { public: true }),
      schema: {
        tags,
        summary: 'Take an invitation: the password and the first code together; ten recovery codes, shown once',
        body: invitationAcceptBodySchema,
        response: { 200: recoveryCodesResponseSchema, ...errors },
      },
    },
    async (request, reply) => staff.invitations.accept(request, reply, agencyOf(request), request.body),
  );
};
