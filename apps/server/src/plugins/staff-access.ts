import type { FastifyInstance, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { MONEY_ROLES, OWNER_ONLY, PLAYER_ROLES, STAFF_ROLES, type StaffRole } from '@app/contracts';
import { BACKOFFICE_PATH, requireStaff } from './staff-session.js';

/**
 * Who may call a back-office route, declared once on the route (docs/decisions/050-staff-roles-on-routes.md):
 * `config: staffAccess(MONEY_ROLES)`. The plugin below turns it into the route's preValidation
 * (requireStaff: 401 without a staff session of the agency, 403 STAFF_SECOND_FACTOR_REQUIRED before
 * the second factor, 403 STAFF_FORBIDDEN for another role) and into the OpenAPI document as
 * `x-staff-roles`, which the route test reads (backoffice.access.test.ts).
 */
export interface StaffAccess {
  roles: readonly StaffRole[];
  /** reachable before the second factor is passed: me, enrolment, the second-factor step */
  beforeSecondFactor?: boolean;
  /** no staff session needed: login and logout only */
  public?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    staff?: StaffAccess;
  }
}

/** DESIGN.md §9: owner everything; finance the money; support the players, no money (one list each, in the contracts). */
export const ALL_STAFF: readonly StaffRole[] = STAFF_ROLES;
export { MONEY_ROLES, OWNER_ONLY, PLAYER_ROLES };

/** A back-office route's `config`: `{ config: staffAccess(MONEY_ROLES), schema: … }`. */
export const staffAccess = (roles: readonly StaffRole[], options: Omit<StaffAccess, 'roles'> = {}) => ({
  staff: { roles, ...options } satisfies StaffAccess,
});

const ROUTE_PREFIX = `${BACKOFFICE_PATH}/`;

/** Adds the check and the document's extension to a route that declared its staff access. */
export function applyStaffAccess(route: RouteOptions): void {
  if (!route.url.startsWith(ROUTE_PREFIX)) return;
  const access = route.config?.staff;
  if (!access) {
    // a route that forgot its roles would be open to every staff member: refuse to start instead
    throw new Error(`${route.method} ${route.url}: declare who may call it with config: staffAccess([...roles]) (plugins/staff-access.ts)`);
  }
  route.schema = {
    ...route.schema,
    'x-staff-roles': access.public ? [] : [...access.roles],
    ...(access.public ? { 'x-staff-public': true } : {}),
    ...(access.beforeSecondFactor ? { 'x-staff-before-second-factor': true } : {}),
  } as FastifySchema;
  if (access.public) return;
  const check = async (request: FastifyRequest) => void requireStaff(request, access.roles, access);
  const existing = route.preValidation ? [route.preValidation].flat() : [];
  route.preValidation = [check, ...existing];
}

/** Registered before every route (app.ts): each back-office route gets its check from its declaration. */
export const staffAccessPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', applyStaffAccess);
});
