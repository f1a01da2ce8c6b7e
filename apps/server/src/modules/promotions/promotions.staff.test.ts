import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';
import { createAgency } from '../../test/agencies.js';
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
    // counts past the database's integer are refused as bad input, never a 500 (the route fuzzer's find)
    for (const limit of [{ maxUses: 225265805835526 }, { maxUsesPerPlayer: 2 ** 31 }]) {
      const tooMany = await call(owner, 'POST', '/promotions', { ...input('STAFF3'), ...limit });
      expect(tooMany.statusCode, tooMany.body).toBe(400);
      expect(tooMany.json().error.fields).toHaveProperty(Object.keys(limit)[0]!);
    }
    const changed = await call(finance, 'PUT', `/promotions/${id}`, { ...input('STAFF1'), maxUses: 10 });
    expect(changed.json().promotion).toMatchObject({ id, maxUses: 10, isActive: true });
    expect((await call(finance, 'GET', `/promotions/${id}`)).json().promotion.code).toBe('STAFF1');
    expect((await call(support, 'GET', `/promotions/${id}`)).statusCode).toBe(403);

    const p = await registerPlayer(app());
    await addBankAccount(app(), p);
    const usage = (await usePromotion(app(), p, id)).json().usage;
    expect((await call(support, 'GET', `/promotions/${id}/usages`)).statusCode).toBe(403);
    const usages = await call(finance, 'GET', `/promotions/${id}/usages`);
    expect(usages.json()).toEqual({
      nextCursor: null,
      items: [expect.objectContaining({ id: usage.id, playerUsername: p.username, status: 'ACTIVE' })],
    });
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

  it("a promotion's usages page by keyset, newest first: every usage once across ties of one instant; another agency's promotion is 404, a bad cursor 400", async () => {
    const promotion = await makePromotion(app(), env.agencyId(), { bonus: { kind: 'FIXED', amount: '5' } });
    const p = await registerPlayer(app());
    // 9 usages: 5 of one instant, 2 within its millisecond, 2 older; ended ones, so one player may hold them all
    const times = [
      '2026-03-01T10:00:00.123456Z',
      '2026-03-01T10:00:00.123456Z',
      '2026-03-01T10:00:00.123456Z',
      '2026-03-01T10:00:00.123456Z',
      '2026-03-01T10:00:00.123456Z',
      '2026-03-01T10:00:00.123001Z',
      '2026-03-01T10:00:00.123999Z',
      '2026-02-01T00:00:00Z',
      '2026-01-01T00:00:00Z',
    ];
    for (const at of times) {
      await app().db
        .execute(sql`INSERT INTO promotion_usages (agency_id, player_id, promotion_id, provider_id, status, closed_by, created_at, expires_at, closed_at)
                                 VALUES (${env.agencyId()}, ${p.playerId}, ${promotion.id}, 'gclub', 'INACTIVE', 'EXPIRED', ${at}::timestamptz, ${at}::timestamptz + interval '1 day', now())`);
    }
    const expected = (
      await queryRows<{ id: string }>(
        app().db,
        sql`SELECT id FROM promotion_usages WHERE promotion_id = ${promotion.id} ORDER BY created_at DESC, id DESC`,
      )
    ).map((r) => r.id);
    const finance = await staffLogin(app(), env.agencyId(), 'finance');
    for (const limit of [1, 2, 4, 9, 50]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      for (let pages = 0; pages < 20; pages++) {
        const res = await call(finance, 'GET', `/promotions/${promotion.id}/usages?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json() as { items: { id: string; playerUsername: string }[]; nextCursor: string | null };
        expect(body).not.toHaveProperty('total');
        expect(body.items.length).toBeLessThanOrEqual(limit);
        for (const u of body.items) expect(u.playerUsername).toBe(p.username);
        seen.push(...body.items.map((u) => u.id));
        cursor = body.nextCursor;
        if (!cursor) break;
      }
      expect(seen).toEqual(expected);
    }

    const elsewhere = await createAgency(app(), 'PROMOUSAGES', 'promo-usages.example');
    const theirs = await makePromotion(app(), elsewhere, { bonus: { kind: 'FIXED', amount: '5' } });
    const notOurs = await call(finance, 'GET', `/promotions/${theirs.id}/usages`);
    expect(notOurs.statusCode).toBe(404);
    for (const cursor of [
      'x',
      Buffer.from('["2026-03-01T10:00:00Z","nope"]').toString('base64url'),
      Buffer.from('[1,2,3]').toString('base64url'),
    ]) {
      const bad = await call(finance, 'GET', `/promotions/${promotion.id}/usages?cursor=${cursor}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { cursor: expect.any(String) } });
    }
    expect((await call(finance, 'GET', `/promotions/${promotion.id}/usages?limit=0`)).statusCode).toBe(400);
  });
});
