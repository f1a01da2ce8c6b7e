import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { generate, generateSecret } from 'otplib';
import type { StaffRole } from '@app/contracts';
import { staffUsers } from '../db/schema/index.js';
import { createPasswordHasher } from '../modules/accounts/index.js';
import { createStaffUser } from '../modules/backoffice/staff/index.js';

export interface TestStaff {
  id: string;
  username: string;
  password: string;
  /** `staff_sid=…`, past the second factor */
  cookie: string;
  /** the TOTP secret it is enrolled with (null: not enrolled, `enrolled: false`) */
  secret: string | null;
}

/** The code an authenticator app shows for `secret`, `stepsAhead` time steps from now (each code is taken once). */
export const totpCode = (secret: string, stepsAhead = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

export const staffCookieOf = (res: { headers: Record<string, unknown> }): string | undefined =>
  [res.headers['set-cookie'] ?? []]
    .flat()
    .map(String)
    .filter((c) => c.startsWith('staff_sid=') && !c.startsWith('staff_sid=;'))
    .pop()
    ?.split(';')[0];

/**
 * A new staff user of `role` signed in past the second factor, as the screens do: the password,
 * then a code computed from its secret. Enrolled, as every role must be (decision 110), unless
 * `enrolled: false` (then its session is held at enrolment). The one way the server tests sign staff in (decision 049).
 */
export async function staffLogin(
  app: FastifyInstance,
  agencyId: string,
  role: StaffRole,
  host = 'localhost',
  options: { enrolled?: boolean } = {},
): Promise<TestStaff> {
  const username = `s${randomBytes(4).toString('hex')}`;
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const id = await createStaffUser(app.db, createPasswordHasher(app.config), { agencyId, username, password, role });
  const secret = (options.enrolled ?? true) ? generateSecret() : null;
  if (secret) await app.db.update(staffUsers).set({ totpSecret: secret, totpEnabledAt: new Date() }).where(eq(staffUsers.id, id));
  const login = await app.inject({ method: 'POST', url: '/api/v2/backoffice/login', headers: { host }, payload: { username, password } });
  if (login.statusCode !== 200) throw new Error(`staff login: ${login.statusCode} ${login.body}`);
  let cookie = staffCookieOf(login);
  if (!cookie) throw new Error('no staff cookie');
  if (secret) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v2/backoffice/login/second-factor',
      headers: { host, cookie },
      payload: { code: await totpCode(secret) },
    });
    if (res.statusCode !== 200) throw new Error(`second factor: ${res.statusCode} ${res.body}`);
    cookie = staffCookieOf(res);
    if (!cookie) throw new Error('no staff cookie after the second factor');
  }
  return { id, username, password, cookie, secret };
}

/**
 * A staff user signed in with the password only: its session reaches the second factor and nothing
 * else. `enrolWithPassword`: as the demo seed's owner, who alone may enrol from there (decision 110).
 */
export async function staffPasswordOnly(
  app: FastifyInstance,
  agencyId: string,
  role: StaffRole,
  host = 'localhost',
  { enrolWithPassword = false } = {},
) {
  const username = `p${randomBytes(4).toString('hex')}`;
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const id = await createStaffUser(app.db, createPasswordHasher(app.config), { agencyId, username, password, role, enrolWithPassword });
  const login = await app.inject({ method: 'POST', url: '/api/v2/backoffice/login', headers: { host }, payload: { username, password } });
  const cookie = staffCookieOf(login);
  if (login.statusCode !== 200 || !cookie) throw new Error(`staff login: ${login.statusCode} ${login.body}`);
  return { id, username, password, cookie };
}

/** A staff member's GET and POST under /api/v2/backoffice (on `host`: another agency's). */
export function staffCalls(app: () => FastifyInstance) {
  return {
    get: (staff: { cookie: string }, url: string, host = 'localhost') =>
      app().inject({ url: `/api/v2/backoffice${url}`, headers: { host, cookie: staff.cookie } }),
    post: (staff: { cookie: string }, url: string, payload?: object, host = 'localhost') =>
      app().inject({
        method: 'POST',
        url: `/api/v2/backoffice${url}`,
        headers: { host, cookie: staff.cookie },
        ...(payload ? { payload } : {}),
      }),
  };
}
