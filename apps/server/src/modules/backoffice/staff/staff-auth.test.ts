import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog } from '../../../db/schema/index.js';
import { useServerAndSandbox } from '../../../test/server-and-sandbox.js';
import { seedStaff } from './staff-users.js';
import { decide, staffLogin, openWithdrawal as openWithdrawalAt } from '../../withdrawals/withdrawals.test-helpers.js';
import { createAgency as createAgencyAt } from '../../../test/agencies.js';

const env = useServerAndSandbox({});
const { agencyId } = env;

const openWithdrawal = (amount = '250') => openWithdrawalAt(env.ctx.app, agencyId(), amount);

const createAgency = (code: string, host: string) => createAgencyAt(env.ctx.app, code, host);

const login = (host: string, username: string, password: string) =>
  env.ctx.app.inject({ method: 'POST', url: '/api/v2/backoffice/login', headers: { host }, payload: { username, password } });

const queue = (cookie: string, host = 'localhost') =>
  env.ctx.app.inject({ url: '/api/v2/backoffice/withdrawals?status=OPEN', headers: { host, cookie } });
const me = (cookie: string) => env.ctx.app.inject({ url: '/api/v2/backoffice/me', headers: { host: 'localhost', cookie } });

describe('staff login and sessions', () => {
  it('answers the same 401 for an unknown name and a wrong password, and logout ends the session', async () => {
    const staff = await staffLogin(env.ctx.app, agencyId(), 'support');
    for (const payload of [
      { username: staff.username, password: 'wrong-password' },
      { username: 'nobody', password: staff.password },
    ]) {
      const res = await env.ctx.app.inject({ method: 'POST', url: '/api/v2/backoffice/login', headers: { host: 'localhost' }, payload });
      expect([res.statusCode, res.json().error.code]).toEqual([401, 'INVALID_CREDENTIALS']);
    }
    expect((await me(staff.cookie)).statusCode).toBe(200);
    const out = await env.ctx.app.inject({
      method: 'POST',
      url: '/api/v2/backoffice/logout',
      headers: { host: 'localhost', cookie: staff.cookie },
    });
    expect(out.statusCode).toBe(200);
    expect((await me(staff.cookie)).statusCode).toBe(401);
    const actions = await env.ctx.app.db.select().from(auditLog).where(eq(auditLog.staffUsername, staff.username));
    expect(actions.map((a) => a.action)).toEqual(['staff.login', 'staff.second_factor', 'staff.logout']);
  });

  it("keeps the owner's way in while strangers guess the name from many addresses", async () => {
    const staff = await staffLogin(env.ctx.app, agencyId(), 'owner');
    const from = (remoteAddress: string, password: string) =>
      env.ctx.app.inject({
        method: 'POST',
        url: '/api/v2/backoffice/login',
        remoteAddress,
        headers: { host: 'localhost' },
        payload: { username: staff.username, password },
      });
    for (let i = 0; i < 12; i++) expect((await from(`192.0.2.${i}`, `guess-${i}`)).statusCode).toBe(i < 10 ? 401 : 429);
    expect((await from('192.0.2.99', staff.password)).statusCode).toBe(429);
    // the address the owner logged in from (inject's default) still gets in
    expect((await from('127.0.0.1', staff.password)).statusCode).toBe(200);
  });

  it('never lets a player session through, and a staff cookie is not a player session', async () => {
    const { player, id } = await openWithdrawal();
    const asPlayer = await decide(env.ctx.app, player, id, 'approve', { bankReference: 'BCEL-PLAYER' });
    expect([asPlayer.statusCode, asPlayer.json().error.code]).toEqual([401, 'UNAUTHORIZED']);
    expect((await queue(player.cookie)).statusCode).toBe(401);
    const staff = await staffLogin(env.ctx.app, agencyId(), 'owner');
    const asStaff = await env.ctx.app.inject({ url: '/api/v2/withdrawals/open', headers: { host: 'localhost', cookie: staff.cookie } });
    expect(asStaff.statusCode).toBe(401);
  });

  it('keeps support out of the queue: money is owner and finance work (DESIGN.md §9)', async () => {
    const { id } = await openWithdrawal();
    const support = await staffLogin(env.ctx.app, agencyId(), 'support');
    const list = await queue(support.cookie);
    expect([list.statusCode, list.json().error.code]).toEqual([403, 'STAFF_FORBIDDEN']);
    const finance = await staffLogin(env.ctx.app, agencyId(), 'finance');
    expect((await queue(finance.cookie)).json().items.map((w: { id: string }) => w.id)).toContain(id);
    const res = await decide(env.ctx.app, support, id, 'approve', { bankReference: 'BCEL-SUPPORT' });
    expect([res.statusCode, res.json().error.code]).toEqual([403, 'STAFF_FORBIDDEN']);
  });

  it('seeds an owner from SEED_STAFF_PASSWORD, or a random password logged once', async () => {
    const logged: string[] = [];
    const log = { info: (..._a: unknown[]) => {}, warn: (msg: unknown) => void logged.push(String(msg)) };
    const given = await createAgency('seeded', 'seeded.example');
    const config = { ...env.ctx.config, SEED_STAFF_USERNAME: 'boss', SEED_STAFF_PASSWORD: 'seeded-password' };
    await seedStaff(env.ctx.app.db, given, config, log);
    await seedStaff(env.ctx.app.db, given, { ...config, SEED_STAFF_PASSWORD: 'another-password' }, log);
    expect((await login('seeded.example', 'boss', 'seeded-password')).statusCode).toBe(200);
    expect((await login('seeded.example', 'boss', 'another-password')).statusCode).toBe(401);
    expect(logged).toEqual([]);

    const random = await createAgency('random', 'random.example');
    await seedStaff(env.ctx.app.db, random, { ...env.ctx.config, SEED_STAFF_USERNAME: 'boss', SEED_STAFF_PASSWORD: undefined }, log);
    await seedStaff(env.ctx.app.db, random, { ...env.ctx.config, SEED_STAFF_USERNAME: 'boss', SEED_STAFF_PASSWORD: undefined }, log);
    expect(logged).toHaveLength(1);
    const password = /password (\S+)/.exec(logged[0]!)![1]!;
    expect((await login('random.example', 'boss', password)).json().staff).toMatchObject({ username: 'boss', role: 'owner' });
  });
});
