import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { toMinor } from '@app/contracts';
import { promotionUsages } from '../../db/schema/index.js';
import { registerPlayer } from '../../test/players.js';
import { useServerAndSandbox } from '../../test/server-and-sandbox.js';
import { addBankAccount } from '../withdrawals/withdrawals.test-helpers.js';
import { as, makePromotion, openDeposit, payDeposit, usePromotion } from './promotions.test-helpers.js';

const env = useServerAndSandbox({ PUBLIC_URL: 'http://127.0.0.1:9' });
const app = () => env.ctx.app;

async function player(bank = true) {
  const p = await registerPlayer(app());
  if (bank) await addBankAccount(app(), p);
  return p;
}
const code = (res: { json(): { error?: { code: string } } }) => res.json().error?.code;

describe('GET /v2/promotions and /v2/promotions/{id}', () => {
  it("lists the agency's active promotions in the player's language, Lao when it has none", async () => {
    const live = await makePromotion(app(), env.agencyId(), { bonus: { kind: 'FIXED', amount: '20' } });
    const off = await makePromotion(app(), env.agencyId(), {});
    await app().db.transaction((tx) => app().services.promotions.deactivate(tx, env.agencyId(), off.id));
    const future = await makePromotion(app(), env.agencyId(), {}, { startsAt: new Date(Date.now() + 3_600_000).toISOString() });
    const p = await player(false);
    const lo = await as(app(), p, 'GET', '/v2/promotions');
    const ids = lo.json().promotions.map((x: { id: string }) => x.id);
    expect(ids).toContain(live.id);
    expect(ids).not.toContain(off.id);
    expect(ids).not.toContain(future.id);
    const cn = await as(app(), p, 'GET', `/v2/promotions/${live.id}`, undefined, { cookie: `${p.cookie}; i18nextLng=cn` });
    expect(cn.json().promotion).toMatchObject({ id: live.id, name: '测试优惠', rules: { bonus: { kind: 'FIXED', amount: '20' } } });
    const th = await as(app(), p, 'GET', `/v2/promotions/${live.id}`, undefined, { cookie: `${p.cookie}; i18nextLng=th` });
    expect(th.json().promotion.name).toBe('ໂປຣທົດສອບ');
    expect(code(await as(app(), p, 'GET', '/v2/promotions/00000000-0000-4000-8000-000000000000'))).toBe('PROMOTION_NOT_FOUND');
    expect((await app().inject({ url: '/api/v2/promotions', headers: { host: 'localhost' } })).statusCode).toBe(401);
  });
});

describe('POST /v2/promotions/use', () => {
  it('takes a promotion for one provider: ACTIVE, in use, expiring in 24 h', async () => {
    const promo = await makePromotion(app(), env.agencyId(), { depositAmount: '50000' });
    const p = await player();
    const res = await usePromotion(app(), p, promo.id);
    expect(res.statusCode).toBe(201);
    const usage = res.json().usage;
    expect(usage).toMatchObject({ promotionId: promo.id, providerId: 'gclub', status: 'ACTIVE', bonus: null });
    expect(Date.parse(usage.expiresAt) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    const using = await as(app(), p, 'GET', '/v2/players/promotions/using');
    expect(using.json()).toMatchObject({ usage: { id: usage.id }, promotion: { id: promo.id } });
    const blocking = await as(app(), p, 'GET', '/v2/promotions/check-blocking');
    expect(blocking.json()).toEqual({ isBlocked: false, reason: 'PROMOTION_ONE_AT_A_TIME' });
  });

  it('refuses with each rule its own code, and writes nothing', async () => {
    const promo = await makePromotion(app(), env.agencyId(), {});
    const noBank = await player(false);
    expect(code(await usePromotion(app(), noBank, promo.id))).toBe('PROMOTION_NEEDS_BANK_ACCOUNT');
    const noBankNeeded = await makePromotion(app(), env.agencyId(), { requiresBankAccount: false });
    expect((await usePromotion(app(), noBank, noBankNeeded.id)).statusCode).toBe(201);

    const blocked = await player();
    await app().db.execute(sql`UPDATE players SET promotion_blocked = true WHERE id = ${blocked.playerId}`);
    expect(code(await usePromotion(app(), blocked, promo.id))).toBe('PROMOTION_PLAYER_BLOCKED');
    expect((await as(app(), blocked, 'GET', '/v2/promotions/check-blocking')).json()).toEqual({
      isBlocked: true,
      reason: 'PROMOTION_PLAYER_BLOCKED',
    });

    const p = await player();
    const ended = await makePromotion(
      app(),
      env.agencyId(),
      {},
      { endsAt: new Date(Date.now() - 1000).toISOString(), startsAt: new Date(Date.now() - 60_000).toISOString() },
    );
    expect(code(await usePromotion(app(), p, ended.id))).toBe('PROMOTION_INACTIVE');
    expect(code(await usePromotion(app(), p, promo.id, 'betflix'))).toBe('PROVIDER_NOT_FOUND');
    expect(code(await usePromotion(app(), p, promo.id, 'nowhere'))).toBe('VALIDATION_FAILED');
    expect(code(await as(app(), p, 'POST', '/v2/promotions/use', { promotionId: 'x' }))).toBe('VALIDATION_FAILED');

    expect((await openDeposit(app(), p, 100_000)).statusCode).toBe(201);
    expect(code(await usePromotion(app(), p, promo.id))).toBe('CANNOT_USE_PROMOTION_WHILE_ORDER_IS_OPEN');

    const other = await player();
    expect((await usePromotion(app(), other, promo.id, 'gclub')).statusCode).toBe(201);
    expect(code(await usePromotion(app(), other, promo.id, 'alphabet'))).toBe('PROMOTION_USED_BY_PROVIDER');
    expect(code(await usePromotion(app(), other, noBankNeeded.id))).toBe('PROMOTION_ONE_AT_A_TIME');

    const rows = await app().db.select().from(promotionUsages).where(eq(promotionUsages.playerId, p.playerId));
    expect(rows).toEqual([]);
  });

  it('is for a first order only when it says so, and within its limits in all and per player', async () => {
    const first = await makePromotion(app(), env.agencyId(), { firstOrderOnly: true });
    const p = await player();
    await payDeposit(app(), env.sandbox.url, p, 100_000);
    expect(code(await usePromotion(app(), p, first.id))).toBe('PROMOTION_ONLY_FOR_FIRST_ORDER');

    const once = await makePromotion(app(), env.agencyId(), {}, { maxUsesPerPlayer: 1 });
    const q = await player();
    const taken = (await usePromotion(app(), q, once.id)).json().usage;
    await payDeposit(app(), env.sandbox.url, q, 100_000);
    await app().worker.drain({ skipBackoff: true });
    // the bonus was played away: the usage is over, and a second use is refused
    const again = await as(app(), q, 'POST', '/v2/promotions/usages/recheck');
    expect(again.json().usage, again.body).toMatchObject({ id: taken.id, status: 'USED' });
    await env.sandbox.providerBet('gclub', q.playerId, (await env.sandbox.providerBalance('gclub', q.playerId))!);
    expect((await as(app(), q, 'POST', '/v2/promotions/usages/recheck')).json().usage).toMatchObject({ id: taken.id, status: 'SUCCESS' });
    expect(code(await usePromotion(app(), q, once.id))).toBe('PROMOTION_ALREADY_USED');

    const scarce = await makePromotion(app(), env.agencyId(), {}, { maxUses: 1 });
    expect((await usePromotion(app(), await player(), scarce.id)).statusCode).toBe(201);
    expect(code(await usePromotion(app(), await player(), scarce.id))).toBe('PROMOTION_USAGE');
  });

  it('refuses a player whose credit there is not below maxCreditBeforeDeposit', async () => {
    const promo = await makePromotion(app(), env.agencyId(), { maxCreditBeforeDeposit: '10' });
    const p = await player();
    await payDeposit(app(), env.sandbox.url, p, 100_000);
    await app().worker.drain({ skipBackoff: true });
    const refused = await usePromotion(app(), p, promo.id);
    // the promotion's own rule and its number, not "a promotion is in use"
    expect(refused.json().error).toMatchObject({ code: 'PROMOTION_CREDIT_TOO_HIGH', fields: { threshold: '10.00' } });
    expect(toMinor(refused.json().error.fields.credit, 'THB')).toBeGreaterThanOrEqual(1000n);
    expect((await usePromotion(app(), p, promo.id, 'alphabet')).statusCode).toBe(201);
  });

  it('20 concurrent uses of one player: exactly one ACTIVE usage; a repeated Idempotency-Key answers the first answer', async () => {
    const promo = await makePromotion(app(), env.agencyId(), {});
    const p = await player();
    const answers = await Promise.all(Array.from({ length: 20 }, () => usePromotion(app(), p, promo.id)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(new Set(answers.filter((r) => r.statusCode !== 201).map(code))).toEqual(new Set(['PROMOTION_ONE_AT_A_TIME']));
    const rows = await app().db.select().from(promotionUsages).where(eq(promotionUsages.playerId, p.playerId));
    expect(rows.map((r) => r.status)).toEqual(['ACTIVE']);
    // the database refuses a second held usage even past the service
    await expect(
      app()
        .db.insert(promotionUsages)
        .values({ ...rows[0]!, id: undefined as never, status: 'USED', depositOrderId: rows[0]!.id }),
    ).rejects.toThrow();

    const q = await player();
    const key = { 'idempotency-key': `use-${q.playerId}` };
    const a = await usePromotion(app(), q, promo.id, 'gclub', key);
    const b = await usePromotion(app(), q, promo.id, 'gclub', key);
    expect([a.statusCode, b.statusCode, b.headers['idempotent-replayed']]).toEqual([201, 201, 'true']);
    expect(b.json()).toEqual(a.json());
    expect(code(await usePromotion(app(), q, promo.id, 'alphabet', key))).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('turns an ACTIVE usage INACTIVE after 24 h or when staff deactivate its promotion, by the worker', async () => {
    const promo = await makePromotion(app(), env.agencyId(), {}, { maxUses: 5 });
    const [p, q] = [await player(), await player()];
    const a = (await usePromotion(app(), p, promo.id)).json().usage;
    const b = (await usePromotion(app(), q, promo.id)).json().usage;
    await app()
      .db.update(promotionUsages)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(promotionUsages.id, a.id));
    await app().worker.drain({ skipBackoff: true });
    const status = async (id: string) => (await app().db.select().from(promotionUsages).where(eq(promotionUsages.id, id)))[0]!;
    expect(await status(a.id)).toMatchObject({ status: 'INACTIVE', closedBy: 'EXPIRED' });
    // not expired yet: the job ran early and wrote nothing
    expect((await status(b.id)).status).toBe('ACTIVE');
    await app().db.transaction((tx) => app().services.promotions.deactivate(tx, env.agencyId(), promo.id));
    await app().worker.drain({ skipBackoff: true });
    expect(await status(b.id)).toMatchObject({ status: 'INACTIVE', closedBy: 'DEACTIVATED' });
    expect((await app().services.promotions.get(env.agencyId(), promo.id)).uses).toBe(0);
    expect((await as(app(), p, 'GET', '/v2/players/promotions/using')).json()).toEqual({ usage: null, promotion: null });
  });

  it("keeps the player's usage history to the player, paged", async () => {
    const promo = await makePromotion(app(), env.agencyId(), {});
    const p = await player();
    const usage = (await usePromotion(app(), p, promo.id)).json().usage;
    const stranger = await player();
    expect(code(await as(app(), stranger, 'POST', '/v2/promotions/usages/cancel', { usageId: usage.id }))).toBe('NOT_FOUND');
    expect((await as(app(), stranger, 'GET', '/v2/promotions/usages')).json()).toMatchObject({ items: [], total: 0 });
    const cancelled = await as(app(), p, 'POST', '/v2/promotions/usages/cancel', { usageId: usage.id });
    expect(cancelled.json().usage).toMatchObject({ id: usage.id, status: 'CANCELED', clawedBack: null });
    expect(code(await as(app(), p, 'POST', '/v2/promotions/usages/cancel', { usageId: usage.id }))).toBe('CONFLICT');
    const page = await as(app(), p, 'GET', '/v2/promotions/usages?page=1&pageSize=5');
    expect(page.json()).toMatchObject({ page: 1, pageSize: 5, total: 1, items: [{ id: usage.id, status: 'CANCELED' }] });
  });
});
