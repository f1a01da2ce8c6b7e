import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, playerFingerprints } from '../../../db/schema/index.js';
import { loginPlayer, registerPlayer, type TestPlayer } from '../../../test/players.js';
import { useServerAndSandbox } from '../../../test/server-and-sandbox.js';
import { addBankAccount, fundCredit, staffLogin, type TestStaff } from '../../withdrawals/withdrawals.test-helpers.js';
import { createAgency } from '../../../test/agencies.js';

const env = useServerAndSandbox({ RATE_LIMIT_ENABLED: 'false' });
const app = () => env.ctx.app;

const call = (staff: { cookie: string }, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, host = 'localhost') =>
  app().inject({ method, url: `/api/v2/backoffice${url}`, headers: { host, cookie: staff.cookie }, ...(payload ? { payload } : {}) });

const playerLogin = (username: string, password: string) =>
  app().inject({ method: 'POST', url: '/api/v2/players/login', headers: { host: 'localhost' }, payload: { username, password } });
const playerGet = (p: { cookie: string }, url: string) =>
  app().inject({ url: `/api/v2${url}`, headers: { host: 'localhost', cookie: p.cookie } });

async function otherAgencyOwner(): Promise<TestStaff> {
  const agencyId = await createAgency(app(), 'elsewhere', 'elsewhere.example');
  return staffLogin(app(), agencyId, 'owner', 'elsewhere.example');
}

describe('searching players', () => {
  it('finds by username, display name and account number prefixes and by fingerprint, keyset-paged', async () => {
    const support = await staffLogin(app(), env.agencyId(), 'support');
    const tag = `zq${Date.now().toString(36).slice(-4)}`;
    const found: TestPlayer[] = [];
    for (let i = 0; i < 5; i++) found.push(await registerPlayer(app(), { username: `${tag}${i}x` }));
    await registerPlayer(app(), { username: `a${tag}` }); // contains the tag, not a prefix
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await call(support, 'GET', `/players?by=username&q=${tag}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      seen.push(...res.json().items.map((p: { username: string }) => p.username));
      cursor = res.json().nextCursor;
    } while (cursor);
    expect(seen).toEqual(found.map((p) => p.username));

    const upper = await call(support, 'GET', `/players?by=displayName&q=${tag.toUpperCase()}2`);
    expect(upper.json().items.map((p: { id: string }) => p.id)).toEqual([found[2]!.playerId]);

    await addBankAccount(app(), found[3]!);
    const detail = await call(support, 'GET', `/players/${found[3]!.playerId}`);
    const number: string = detail.json().bankAccount.accountNumber;
    const byAccount = await call(support, 'GET', `/players?by=bankAccount&q=${number.slice(0, 9)}`);
    expect(byAccount.json().items.map((p: { id: string }) => p.id)).toContain(found[3]!.playerId);

    // a shared device: the fingerprint search finds both
    const [print] = await app().db.select().from(playerFingerprints).where(eq(playerFingerprints.playerId, found[0]!.playerId));
    await app().db.update(playerFingerprints).set({ hash: print!.hash }).where(eq(playerFingerprints.playerId, found[1]!.playerId));
    const byPrint = await call(support, 'GET', `/players?by=fingerprint&q=${print!.hash}`);
    expect(
      byPrint
        .json()
        .items.map((p: { id: string }) => p.id)
        .sort(),
    ).toEqual([found[0]!.playerId, found[1]!.playerId].sort());
    // who shares a device is the players' fraud signals, written as events happen (fraud-signals.test.ts)

    // wildcards are searched as themselves; a forged cursor is a 400, not a 500
    expect((await call(support, 'GET', '/players?by=username&q=%25')).json().items).toEqual([]);
    const forged = await call(support, 'GET', '/players?cursor=bm90LWpzb24');
    expect([forged.statusCode, forged.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it("answers 404 for another agency's player and finds nobody of it", async () => {
    const p = await registerPlayer(app());
    const stranger = await otherAgencyOwner();
    for (const url of [`/players/${p.playerId}`, `/players/${p.playerId}/deposits`, `/players/${p.playerId}/credits`]) {
      expect((await call(stranger, 'GET', url, undefined, 'elsewhere.example')).statusCode).toBe(404);
    }
    const block = await call(stranger, 'POST', `/players/${p.playerId}/block`, { reason: 'x' }, 'elsewhere.example');
    expect(block.statusCode).toBe(404);
    const search = await call(stranger, 'GET', `/players?q=${p.username}`, undefined, 'elsewhere.example');
    expect(search.json().items).toEqual([]);
  });
});

describe("a player's page", () => {
  it('shows orders (keyset), live credit at each provider, sessions, and ends them', async () => {
    const p = await registerPlayer(app());
    await fundCredit(app(), env.agencyId(), p, 'gclub', 12_345n);
    const support = await staffLogin(app(), env.agencyId(), 'support');
    const credits = await call(support, 'GET', `/players/${p.playerId}/credits`);
    expect(credits.json().credits).toContainEqual({ providerId: 'gclub', amount: '123.45' });
    const second = await loginPlayer(app(), p.username, p.password);
    const page = await call(support, 'GET', `/players/${p.playerId}`);
    expect(page.json().sessions).toHaveLength(2);
    const one = page.json().sessions[0].id;
    expect((await call(support, 'POST', `/players/${p.playerId}/sessions/end`, { sessionId: one })).statusCode).toBe(200);
    expect((await call(support, 'GET', `/players/${p.playerId}`)).json().sessions).toHaveLength(1);
    expect((await call(support, 'POST', `/players/${p.playerId}/sessions/end`, {})).statusCode).toBe(200);
    expect((await playerGet(p, '/withdrawals/open')).statusCode).toBe(401);
    expect((await playerGet(second, '/withdrawals/open')).statusCode).toBe(401);
    const deposits = await call(support, 'GET', `/players/${p.playerId}/deposits?limit=5`);
    expect(deposits.json()).toEqual({ items: [], nextCursor: null });
  });
});

describe('block and reset password, end to end through the API', () => {
  it('a blocked player cannot log in and its sessions end; unblocked, it can again; audited', async () => {
    const p = await registerPlayer(app());
    const support = await staffLogin(app(), env.agencyId(), 'support');
    expect((await playerGet(p, '/withdrawals/open')).statusCode).toBe(200);
    const refused = await call(support, 'POST', `/players/${p.playerId}/block`, { reason: ' ' });
    expect(refused.json().error.code).toBe('VALIDATION_FAILED');
    expect((await call(support, 'POST', `/players/${p.playerId}/block`, { reason: 'shared device fraud' })).statusCode).toBe(200);
    expect((await playerGet(p, '/withdrawals/open')).statusCode).toBe(401);
    const login = await playerLogin(p.username, p.password);
    expect([login.statusCode, login.json().error.code]).toEqual([403, 'ACCOUNT_BLOCKED']);
    // a wrong password tells nothing of the block
    expect((await playerLogin(p.username, 'wrong-password')).json().error.code).toBe('INVALID_CREDENTIALS');
    expect((await call(support, 'POST', `/players/${p.playerId}/unblock`, { reason: 'cleared' })).statusCode).toBe(200);
    expect((await playerLogin(p.username, p.password)).statusCode).toBe(200);
    const rows = await app().db.select().from(auditLog).where(eq(auditLog.entityId, p.playerId));
    expect(rows.map((r) => [r.action, r.before, r.after])).toEqual([
      ['player.block', { status: 'active' }, { status: 'blocked', reason: 'shared device fraud' }],
      ['player.unblock', { status: 'blocked' }, { status: 'active', reason: 'cleared' }],
    ]);
  });

  it('a reset password works once shown, and must be changed before anything else', async () => {
    const p = await registerPlayer(app());
    const support = await staffLogin(app(), env.agencyId(), 'support');
    const reset = await call(support, 'POST', `/players/${p.playerId}/reset-password`);
    expect(reset.statusCode).toBe(200);
    expect(reset.headers['cache-control']).toBe('no-store');
    const temporary: string = reset.json().temporaryPassword;
    expect(temporary).toMatch(/^[A-Za-z2-9]{12}$/);
    expect((await playerGet(p, '/withdrawals/open')).statusCode).toBe(401);
    expect((await playerLogin(p.username, p.password)).statusCode).toBe(401);
    const fresh = await loginPlayer(app(), p.username, temporary);
    const info = await playerGet(fresh, '/players/info');
    expect(info.json().credential.mustChangePassword).toBe(true);
    const other = await playerGet(fresh, '/withdrawals/open');
    expect([other.statusCode, other.json().error.code]).toEqual([403, 'PASSWORD_CHANGE_REQUIRED']);
    const change = (currentPassword: string, newPassword: string) =>
      app().inject({
        method: 'POST',
        url: '/api/v2/players/security/password/change',
        headers: { host: 'localhost', cookie: fresh.cookie },
        payload: { currentPassword, newPassword, confirmNewPassword: newPassword },
      });
    const same = await change(temporary, temporary);
    expect(same.json().error.fields).toEqual({ newPassword: 'password.validation.same_as_current' });
    expect((await change(temporary, 'my-own-password')).statusCode).toBe(200);
    const after = await loginPlayer(app(), p.username, 'my-own-password');
    expect((await playerGet(after, '/players/info')).json().credential.mustChangePassword).toBe(false);
    expect((await playerGet(after, '/withdrawals/open')).statusCode).toBe(200);
    const [row] = await app().db.select().from(auditLog).where(eq(auditLog.action, 'player.password_reset'));
    expect(JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))).not.toContain(temporary);
  });
});

describe('the bank account, changed by staff', () => {
  it('keeps the rules of DESIGN.md §7, needs a reason, is money (support 403), and is audited', async () => {
    const a = await registerPlayer(app());
    const b = await registerPlayer(app());
    await addBankAccount(app(), a);
    const taken = (await call(await staffLogin(app(), env.agencyId(), 'owner'), 'GET', `/players/${a.playerId}`)).json().bankAccount;
    const support = await staffLogin(app(), env.agencyId(), 'support');
    const finance = await staffLogin(app(), env.agencyId(), 'finance');
    const body = { bank: 'bcel', accountNumber: '0101 2345 67890', accountName: 'Somsak', reason: 'new account, letter from BCEL' };
    expect((await call(support, 'PUT', `/players/${b.playerId}/bank-account`, body)).statusCode).toBe(403);
    const wallet = await call(finance, 'PUT', `/players/${b.playerId}/bank-account`, { ...body, accountNumber: '02055551234' });
    expect(wallet.json().error.code).toBe('BANK_ACCOUNT_WALLET_NOT_ALLOWED');
    const inUse = await call(finance, 'PUT', `/players/${b.playerId}/bank-account`, {
      ...body,
      bank: taken.bank,
      accountNumber: taken.accountNumber,
    });
    expect(inUse.json().error.code).toBe('ACCOUNT_IN_USED');
    const set = await call(finance, 'PUT', `/players/${b.playerId}/bank-account`, body);
    expect(set.json().bankAccount).toMatchObject({ bank: 'bcel', accountNumber: '0101234567890' });
    const moved = await call(finance, 'PUT', `/players/${b.playerId}/bank-account`, {
      ...body,
      bank: 'jdb',
      accountNumber: '1234567890123',
    });
    expect(moved.statusCode).toBe(200);
    const rows = await app().db.select().from(auditLog).where(eq(auditLog.entityId, b.playerId));
    expect(rows.at(-1)).toMatchObject({
      action: 'player.bank_account_change',
      before: { bank: 'bcel', accountNumber: '0101234567890' },
      after: { bank: 'jdb', accountNumber: '1234567890123', reason: body.reason },
    });
  });
});
