import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { generate } from 'otplib';
import type { StaffRole } from '@app/contracts';
import { SAME_ORIGIN, expect } from './fixtures';

/**
 * Staff for the journeys, past the second factor (decision 049), TOTP codes computed here as an
 * authenticator app would. The seeded owner (`owner` / `e2e-staff-password`) enrols once per run;
 * its secret, the last time step it used and its session are kept in a file under E2E_DATA_DIR, so
 * the workers share one owner session (a code is accepted once, so they must not each log in with
 * the same code). The owner then invites a fresh staff user of whatever role a spec asks for, who
 * takes the invitation here (a password and a second factor; decision 110).
 */
const BASE_URL = `http://localhost:${process.env.E2E_PORT ?? 3300}`;
const STATE = join(process.env.E2E_DATA_DIR ?? '.', 'staff-owner.json');
const LOCK = `${STATE}.lock`;
const STEP_SECONDS = 30;

export interface E2eStaff {
  username: string;
  password: string;
  role: StaffRole;
  /** the TOTP secret it enrolled with */
  secret: string | null;
  recoveryCodes: string[];
}

interface OwnerState {
  secret: string;
  lastStep: number;
  cookie: string;
}

const nowStep = () => Math.floor(Date.now() / 1000 / STEP_SECONDS);

/** The code of a time step (the server takes the steps next to now, each once). */
export const totpAt = (secret: string, step: number) => generate({ secret, epoch: step * STEP_SECONDS });
export const totpNow = (secret: string) => totpAt(secret, nowStep());

/** `work` while holding the lock file `path` (made exclusively, under E2E_DATA_DIR): what the workers do one at a time. */
export async function locked<T>(path: string, work: () => Promise<T>): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      closeSync(openSync(path, 'wx'));
      break;
    } catch {
      if (i > 1800) throw new Error(`${path} held for three minutes`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await work();
  } finally {
    unlinkSync(path);
  }
}

const readState = (): OwnerState | null => {
  try {
    return JSON.parse(readFileSync(STATE, 'utf8')) as OwnerState;
  } catch {
    return null;
  }
};

const staffCookie = async (api: APIRequestContext) => (await api.storageState()).cookies.find((c) => c.name === 'staff_sid')?.value ?? '';

/**
 * Signs `api` in as this staff user: the password, then enrolment (the seeded owner, the first
 * time) or a code of a step after `afterStep`. Answers the step used and what enrolment gave.
 */
export async function signIn(
  api: APIRequestContext,
  who: { username: string; password: string; secret: string | null },
  afterStep = 0,
): Promise<{ secret: string | null; step: number; recoveryCodes: string[] }> {
  const login = await api.post('/api/v2/backoffice/login', {
    headers: SAME_ORIGIN,
    data: { username: who.username, password: who.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { secondFactor } = (await login.json()) as { secondFactor: { state: 'PASSED' | 'REQUIRED' | 'ENROL' } };
  if (secondFactor.state === 'PASSED') return { secret: who.secret, step: 0, recoveryCodes: [] };
  if (secondFactor.state === 'ENROL') {
    const started = await api.post('/api/v2/backoffice/second-factor/enrolment', { headers: SAME_ORIGIN });
    expect(started.status(), await started.text()).toBe(200);
    const { secret } = (await started.json()) as { secret: string };
    const step = nowStep();
    const confirmed = await api.post('/api/v2/backoffice/second-factor/enrolment/confirm', {
      headers: SAME_ORIGIN,
      data: { code: await totpAt(secret, step) },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    return { secret, step, recoveryCodes: ((await confirmed.json()) as { recoveryCodes: string[] }).recoveryCodes };
  }
  // the step after the last one used; the server takes one step ahead of its clock, so wait until that is the case
  const step = Math.max(nowStep(), afterStep + 1);
  while (step > nowStep() + 1) await new Promise((r) => setTimeout(r, 1000));
  const passed = await api.post('/api/v2/backoffice/login/second-factor', {
    headers: SAME_ORIGIN,
    data: { code: await totpAt(who.secret!, step) },
  });
  expect(passed.status(), await passed.text()).toBe(200);
  return { secret: who.secret, step, recoveryCodes: [] };
}

/** An API context of the seeded owner, signed in past the second factor (one session shared by the workers). */
export async function ownerApi(): Promise<APIRequestContext> {
  return locked(LOCK, async () => {
    const state = readState();
    if (state) {
      const api = await playwrightRequest.newContext({
        baseURL: BASE_URL,
        extraHTTPHeaders: { ...SAME_ORIGIN, cookie: `staff_sid=${state.cookie}` },
      });
      const me = await api.get('/api/v2/backoffice/me');
      if (me.ok() && ((await me.json()) as { secondFactor: { state: string } }).secondFactor.state === 'PASSED') return api;
      await api.dispose();
    }
    const api = await playwrightRequest.newContext({ baseURL: BASE_URL });
    const signed = await signIn(
      api,
      { username: 'owner', password: 'e2e-staff-password', secret: state?.secret ?? null },
      state?.lastStep ?? 0,
    );
    const cookie = await staffCookie(api);
    writeFileSync(STATE, JSON.stringify({ secret: signed.secret!, lastStep: signed.step, cookie } satisfies OwnerState));
    await api.dispose();
    return playwrightRequest.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { ...SAME_ORIGIN, cookie: `staff_sid=${cookie}` } });
  });
}

/** A new staff user of `role` invited by the seeded owner: the token of its invitation link (decision 110), not taken yet. */
export async function inviteStaff(role: StaffRole): Promise<{ username: string; role: StaffRole; token: string }> {
  const owner = await ownerApi();
  const username = `e2e.${role}.${randomBytes(3).toString('hex')}`;
  const res = await owner.post('/api/v2/backoffice/staff-users', { data: { username, role } });
  expect(res.status(), await res.text()).toBe(201);
  const { invitation } = (await res.json()) as { invitation: { url: string } };
  await owner.dispose();
  return { username, role, token: invitation.url.slice(invitation.url.indexOf('#') + 1) };
}

/**
 * A new staff user of `role` who has taken their invitation (a password and a second factor set):
 * answers the time step its first code used, so the next sign-in takes a later one.
 */
export async function createStaff(
  role: StaffRole,
): Promise<{ username: string; password: string; role: StaffRole; secret: string; step: number; recoveryCodes: string[] }> {
  const { username, token } = await inviteStaff(role);
  const password = `pw-${randomBytes(8).toString('hex')}`;
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL, extraHTTPHeaders: SAME_ORIGIN });
  const opened = await api.post('/api/v2/backoffice/invitation', { data: { token } });
  expect(opened.status(), await opened.text()).toBe(200);
  const { secret } = (await opened.json()) as { secret: string };
  const step = nowStep();
  const accepted = await api.post('/api/v2/backoffice/invitation/accept', { data: { token, password, code: await totpAt(secret, step) } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const { recoveryCodes } = (await accepted.json()) as { recoveryCodes: string[] };
  await api.dispose();
  return { username, password, role, secret, step, recoveryCodes };
}

/**
 * `api` (a page's `page.request` or the `request` fixture) signed in as a new staff user of `role`,
 * past the second factor (enrolled through their invitation). The one way the journeys sign staff in.
 */
export async function signInStaff(api: APIRequestContext, role: StaffRole): Promise<E2eStaff> {
  const user = await createStaff(role);
  await signIn(api, user, user.step);
  return { username: user.username, password: user.password, role, secret: user.secret, recoveryCodes: user.recoveryCodes };
}
