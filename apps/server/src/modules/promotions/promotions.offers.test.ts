import { describe, expect, it } from 'vitest';
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { promotionsResponseSchema, promotionUsingResponseSchema, type Language } from '@app/contracts';
import { promotionUsages, promotions } from '../../db/schema/index.js';
import { createAgency } from '../../test/agencies.js';
import { registerPlayer, type TestPlayer } from '../../test/players.js';
import { useServerAndSandbox } from '../../test/server-and-sandbox.js';
import { as, makePromotion, usePromotion } from './promotions.test-helpers.js';
import { toPromotion, toUsage } from './promotions.view.js';

const env = useServerAndSandbox({ PUBLIC_URL: 'http://127.0.0.1:9' });
const app = () => env.ctx.app;

const offered = (p: TestPlayer, host = 'localhost', language: Language = 'lo') =>
  as(app(), p, 'GET', '/v2/promotions', undefined, { host, cookie: `${p.cookie}; i18nextLng=${language}` });

/** The answer as the route wrote it before decision 188: read now, through the schema's serializer. */
async function asBefore(agencyId: string, language: Language = 'lo') {
  const now = new Date();
  const rows = await app()
    .db.select()
    .from(promotions)
    .where(
      and(
        eq(promotions.agencyId, agencyId),
        eq(promotions.isActive, true),
        lte(promotions.startsAt, now),
        or(isNull(promotions.endsAt), gt(promotions.endsAt, now)),
      ),
    )
    .orderBy(asc(promotions.startsAt), asc(promotions.code));
  return JSON.stringify(z.encode(promotionsResponseSchema, { promotions: rows.map((r) => toPromotion(r, language)) }));
}

/** Reads until `done` holds or 3 s pass (a notification crosses the database); the last answer. */
async function readUntil(read: () => Promise<string>, done: (body: string) => boolean) {
  const until = Date.now() + 3_000;
  let body = await read();
  while (!done(body) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 20));
    body = await read();
  }
  return body;
}

describe("the agency's offers, kept per instance (decision 188)", () => {
  it('answer the same bytes as before, in each language; a change by staff or by hand is seen at once', async () => {
    const promo = await makePromotion(app(), env.agencyId(), { bonus: { kind: 'FIXED', amount: '20' } });
    const p = await registerPlayer(app());
    for (const language of ['lo', 'cn', 'th'] as const) {
      for (let i = 0; i < 2; i++) expect((await offered(p, 'localhost', language)).body).toBe(await asBefore(env.agencyId(), language));
    }
    const res = await offered(p);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json().promotions.map((x: { id: string }) => x.id)).toContain(promo.id);

    // staff's edit, through the service the route calls
    const input = { ...(await app().services.promotions.get(env.agencyId(), promo.id)) };
    await app().services.promotions.update(app().db, env.agencyId(), promo.id, {
      code: input.code,
      texts: { lo: { name: 'ຊື່ໃໝ່', summary: 'ສະຫຼຸບ', terms: '' } },
      providers: ['gclub'],
      startsAt: input.startsAt.toISOString(),
      endsAt: null,
      maxUses: null,
      maxUsesPerPlayer: null,
      rules: input.rules,
    });
    const edited = await readUntil(
      async () => (await offered(p)).body,
      (b) => b.includes('ຊື່ໃໝ່'),
    );
    expect(edited).toContain('ຊື່ໃໝ່');
    expect(edited).toBe(await asBefore(env.agencyId()));

    // an operator's SQL, which no route sees
    await app().db.execute(sql`UPDATE promotions SET code = 'BYHAND' || substr(code, 2) WHERE id = ${promo.id}`);
    expect(
      await readUntil(
        async () => (await offered(p)).body,
        (b) => b.includes('"BYHAND'),
      ),
    ).toContain('"BYHAND');

    // deactivated: gone for the players
    await app().db.transaction((tx) => app().services.promotions.deactivate(tx, env.agencyId(), promo.id));
    const gone = await readUntil(
      async () => (await offered(p)).body,
      (b) => !b.includes(promo.id),
    );
    expect(gone).not.toContain(promo.id);
    expect(gone).toBe(await asBefore(env.agencyId()));
  });

  it('show a promotion from its start and hide it from its end, between two reads of the kept offers', async () => {
    const soon = new Date(Date.now() + 1_500);
    const starting = await makePromotion(app(), env.agencyId(), {}, { startsAt: soon.toISOString() });
    const ending = await makePromotion(app(), env.agencyId(), {}, { endsAt: soon.toISOString() });
    const p = await registerPlayer(app());
    const ids = async () => (await offered(p)).json().promotions.map((x: { id: string }) => x.id) as string[];
    // both made before this read: the kept offers are read after their notifications
    const before = await readUntil(
      async () => JSON.stringify(await ids()),
      (b) => b.includes(ending.id),
    );
    expect(before).toContain(ending.id);
    expect(before).not.toContain(starting.id);
    await new Promise((r) => setTimeout(r, Math.max(0, soon.getTime() + 50 - Date.now())));
    const after = await ids();
    expect(after).toContain(starting.id);
    expect(after).not.toContain(ending.id);
  });

  it("are each agency's own: two agencies read in turns never see each other's", async () => {
    const host = `offers-${Date.now().toString(36)}.example`;
    const other = await createAgency(app(), `OF${Date.now().toString(36).slice(-6).toUpperCase()}`, host);
    const mine = await makePromotion(app(), env.agencyId(), {});
    const theirs = await makePromotion(app(), other, {});
    const here = await registerPlayer(app());
    const there = await registerPlayer(app(), { host });
    for (let i = 0; i < 2; i++) {
      const a = await readUntil(
        async () => (await offered(here)).body,
        (b) => b.includes(mine.id),
      );
      const b = await readUntil(
        async () => (await offered(there, host)).body,
        (b) => b.includes(theirs.id),
      );
      expect(a).toContain(mine.id);
      expect(a).not.toContain(theirs.id);
      expect(b).toContain(theirs.id);
      expect(b).not.toContain(mine.id);
      expect(a).toBe(await asBefore(env.agencyId()));
      expect(b).toBe(await asBefore(other));
    }
  });

  it('the promotion a player holds answers the same bytes as before, and its change is seen at the next read', async () => {
    const promo = await makePromotion(app(), env.agencyId(), { requiresBankAccount: false });
    const p = await registerPlayer(app());
    expect((await usePromotion(app(), p, promo.id)).statusCode).toBe(201);
    const expected = async () => {
      const [usage] = await app().db.select().from(promotionUsages).where(eq(promotionUsages.playerId, p.playerId));
      const [row] = await app().db.select().from(promotions).where(eq(promotions.id, promo.id));
      return JSON.stringify(
        z.encode(promotionUsingResponseSchema, { usage: toUsage(usage!, row!, 'cn'), promotion: toPromotion(row!, 'cn') }),
      );
    };
    const using = () => as(app(), p, 'GET', '/v2/players/promotions/using', undefined, { cookie: `${p.cookie}; i18nextLng=cn` });
    expect((await using()).body).toBe(await expected());
    expect((await using()).body).toBe(await expected());
    await app().db.execute(sql`UPDATE promotions SET texts = '{"lo":{"name":"ອື່ນ","summary":"ສະຫຼຸບ","terms":""}}' WHERE id = ${promo.id}`);
    const after = (await using()).body;
    expect(after).toContain('ອື່ນ');
    expect(after).toBe(await expected());
  });
});
