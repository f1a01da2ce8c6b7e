import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/index.js';
import { registerPlayer } from '../../test/players.js';
import { useServerAndSandbox } from '../../test/server-and-sandbox.js';
import { addBankAccount, staffLogin, type TestStaff } from '../withdrawals/withdrawals.test-helpers.js';
import { as, makePromotion, payDeposit, usePromotion } from './promotions.test-helpers.js';

const env = useServerAndSandbox({ PUBLIC_URL: 'http://127.0.0.1:9' });
const app = () => env.ctx.app;

const call = (staff: TestStaff, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app().inject({
    method,
    url: `/api/v2/backoffice${url}`,
    headers: { host: 'localhost', cookie: staff.cookie },
    ...(payload ? { payload } : {}),
  });

const input = (code: string) => ({
  code,
  texts: { lo: { name: 'ທົດສອບ' } },
  providers: ['gclub'],
  startsAt: new Date(Date.now() - 60_000).toISOString(),
  rules: { bonus: { kind: 'FIXED', amount: '10' } },
});

describe('/v2/backoffice/promotions', () => {
  it('the demo agency has the three promotions of the issue', async () => {
    const owner = await staffLogin(app(), env.agencyId(), 'owner');
    const codes = (await call(owner, 'GET', '/promotions')).json().promotions.map((p: { code: string }) => p.code);
    expect(codes).toEqual(expect.arrayContaining(['FIRST100', 'DAILY10', 'SET50K']));
  });

  it('owner and finance manage promotions, support does not see them (money, issue #17); every change is audited', async () => {
    const [owner, finance, support] = [
      await staffLogin(app(), env.agencyId(), 'owner'),
      await staffLogin(app(), env.agencyId(), 'finance'),
      await staffLogin(app(), env.agencyId(), 'support'),
    ];
    expect((await call(support, 'POST', '/promotions', input('SUPPORT1'))).statusCode).toBe(403);
    const created = await call(owner, 'POST', '/promotions', input('STAFF1'));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().promotion.id;
    expect((await call(finance, 'POST', '/promotions', input('STAFF1'))).json().error.code).toBe('CONFLICT');
    expect(
      (await call(owner, 'POST', '/promotions', { ...input('STAFF2'), rules: { bonus: { kind: 'FIXED', amount: '-1' } } })).statusCode,
    ).toBe(400);
    const changed = await call(finance, 'PUT', `/promotions/${id}`, { ...input('STAFF1'), maxUses: 10 });
    expect(changed.json().promotion).toMatchObject({ id, maxUses: 10, isActive: true });
    expect((await call(finance, 'GET', `/promotions/${id}`)).json().promotion.code).toBe('STAFF1');
    expect((await call(support, 'GET', `/promotions/${id}`)).statusCode).toBe(403);

    const p = await registerPlayer(app());
    await addBankAccount(app(), p);
    const usage = (await usePromotion(app(), p, id)).json().usage;
    expect((await call(support, 'GET', `/promotions/${id}/usages`)).statusCode).toBe(403);
    const usages = await call(finance, 'GET', `/promotions/${id}/usages`);
    expect(usages.json()).toMatchObject({ total: 1, items: [{ id: usage.id, playerUsername: p.username, status: 'ACTIVE' }] });
    expect((await call(support, 'POST', `/promotion-usages/${usage.id}/cancel`)).statusCode).toBe(403);
    expect((await call(finance, 'POST', `/promotion-usages/${usage.id}/cancel`)).json().usage.status).toBe('CANCELED');

    expect((await call(owner, 'POST', `/promotions/${id}/deactivate`)).json().promotion.isActive).toBe(false);
    expect((await usePromotion(app(), p, id)).json().error.code).toBe('PROMOTION_INACTIVE');

    const actions = (await app().db.select().from(auditLog).where(eq(auditLog.entityId, id))).map((a) => a.action).sort();
    expect(actions).toEqual(['promotion.create', 'promotion.deactivate', 'promotion.update']);
    expect((await app().db.select().from(auditLog).where(eq(auditLog.entityId, usage.id))).map((a) => a.action)).toEqual([
      'promotion_usage.cancel',
    ]);
  });

  it('blocks a player from promotions: use is refused, check-blocking says so; an unknown player is 404', async () => {
    const owner = await staffLogin(app(), env.agencyId(), 'owner');
    const p = await registerPlayer(app());
    await addBankAccount(app(), p);
    expect((await call(owner, 'PUT', `/players/${p.playerId}/promotion-block`, { blocked: true })).statusCode).toBe(200);
    expect((await as(app(), p, 'GET', '/v2/promotions/check-blocking')).json().isBlocked).toBe(true);
    const promos = (await as(app(), p, 'GET', '/v2/promotions')).json().promotions;
    expect((await usePromotion(app(), p, promos[0].id)).json().error.code).toBe('PROMOTION_PLAYER_BLOCKED');
    expect((await call(owner, 'PUT', `/players/${p.playerId}/promotion-block`, { blocked: false })).statusCode).toBe(200);
    expect((await as(app(), p, 'GET', '/v2/promotions/check-blocking')).json().isBlocked).toBe(false);
    expect((await call(owner, 'PUT', '/players/00000000-0000-4000-8000-000000000000/promotion-block', { blocked: true })).statusCode).toBe(
      404,
    );
  });

  it('figures: taken, used (deposit paid) and the bonus cost, per promotion', async () => {
    const promotion = await makePromotion(app(), env.agencyId(), { bonus: { kind: 'FIXED', amount: '20' } });
    const [paid, taken] = [await registerPlayer(app()), await registerPlayer(app())];
    for (const p of [paid, taken]) {
      await addBankAccount(app(), p);
      expect((await usePromotion(app(), p, promotion.id)).statusCode).toBe(201);
    }
    await payDeposit(app(), env.sandbox.url, paid, 69_000);
    await app().worker.drain({ skipBackoff: true });
    const finance = await staffLogin(app(), env.agencyId(), 'finance');
    const res = await call(finance, 'GET', '/promotions/figures');
    expect(res.json().figures).toContainEqual({ promotionId: promotion.id, taken: 2, inUse: 1, used: 1, bonusCost: '20.00' });
  });
});
