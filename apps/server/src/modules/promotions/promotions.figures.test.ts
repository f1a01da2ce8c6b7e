import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { registerPlayer } from '../../test/players.js';
import { foldPromotionFigures, promotionFigures } from './promotions.figures.js';
import { byPromotion, groupedFigures, makePromotion } from './promotions.test-helpers.js';

/**
 * Decision 079: the figures kept by the database (totals + deltas written by a trigger, folded by the
 * worker) are exactly what the grouped read of the usages gave, after any mix of the statements the
 * engine runs on usages (take, pay in a settlement group, cancel, claw back, a refused clawback, void,
 * expire, deactivate, success, turnover reads, deletes, rolled-back transactions) and folds at any
 * point. On both engines (TEST_DATABASE_URL for PostgreSQL).
 */

let ctx: TestContext;
let agencyId: string;
const playerIds: string[] = [];
const promotionIds: string[] = [];
const db = () => ctx.app.db;

beforeAll(async () => {
  ctx = await createTestApp();
  agencyId = ctx.database.agencyId;
  for (let i = 0; i < 5; i++) playerIds.push((await registerPlayer(ctx.app)).playerId);
  const rules = [
    { bonus: { kind: 'FIXED', amount: '20' } },
    { bonus: { kind: 'PERCENT', percent: '10', maxAmount: '300' } },
    { bonus: { kind: 'FIXED', amount: '7.5' } },
  ];
  for (const r of rules) promotionIds.push((await makePromotion(ctx.app, agencyId, r)).id);
}, 120_000);
afterAll(async () => ctx?.close());

const pendingDeltas = async () => (await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM promotion_figure_deltas`))[0]!.n;

async function expectExact() {
  expect(byPromotion((await promotionFigures(db(), agencyId)).figures)).toEqual(await groupedFigures(db(), agencyId));
}

const player = fc.integer({ min: 0, max: 4 });
const someone = (i: number) => playerIds[i]!;
type Step =
  | { op: 'take'; player: number; promotion: number; provider: 'gclub' | 'alphabet' }
  | { op: 'pay'; players: number[]; credit: number }
  | { op: 'cancel' | 'void' | 'success' | 'refuse' | 'turnover' | 'expire' | 'delete'; player: number }
  | { op: 'clawback'; player: number; amount: number }
  | { op: 'deactivate'; promotion: number }
  | { op: 'rollback'; player: number; promotion: number }
  | { op: 'fold' };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('take' as const),
      player,
      promotion: fc.nat(2),
      provider: fc.constantFrom('gclub' as const, 'alphabet' as const),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('pay' as const),
      players: fc.uniqueArray(player, { minLength: 1, maxLength: 4 }),
      credit: fc.integer({ min: 1, max: 500_000 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('clawback' as const), player, amount: fc.integer({ min: 0, max: 4_000 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('deactivate' as const), promotion: fc.nat(2) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('rollback' as const), player, promotion: fc.nat(2) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('fold' as const) }) },
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constantFrom(
        'cancel' as const,
        'void' as const,
        'success' as const,
        'refuse' as const,
        'turnover' as const,
        'expire' as const,
        'delete' as const,
      ),
      player,
    }),
  },
);

const held = (playerId: string) => sql`player_id = ${playerId} AND status IN ('ACTIVE', 'USED')`;
const closed = (by: string) => sql`closed_by = ${by}, closed_at = now(), updated_at = now()`;

/** One statement (or transaction) of the shape the engine runs; does nothing where it does not apply. */
async function run(s: Step): Promise<void> {
  const d = db();
  switch (s.op) {
    case 'take': {
      const p = someone(s.player);
      await d.execute(sql`INSERT INTO promotion_usages (agency_id, player_id, promotion_id, provider_id, status, expires_at)
                          SELECT ${agencyId}, ${p}, ${promotionIds[s.promotion]!}, ${s.provider}, 'ACTIVE', now() + interval '1 day'
                           WHERE NOT EXISTS (SELECT 1 FROM promotion_usages WHERE ${held(p)})`);
      return;
    }
    case 'pay':
      // the settlement's own statements, a group of deposits at once (promotions.money.ts)
      await d.transaction((tx) =>
        ctx.app.services.promotions.claimBonuses(
          tx,
          s.players.map((i) => ({
            id: randomUUID(),
            agencyId,
            playerId: someone(i),
            providerId: 'gclub',
            creditThb: BigInt(s.credit),
            createdAt: new Date(Date.now() + 60_000),
          })),
        ),
      );
      return;
    case 'cancel':
      await d.execute(sql`UPDATE promotion_usages SET status = 'CANCELED', ${closed('PLAYER')}
                           WHERE player_id = ${someone(s.player)} AND status = 'ACTIVE'`);
      return;
    case 'clawback':
      await d.execute(sql`UPDATE promotion_usages SET status = 'CANCELED', clawed_back = least(${s.amount}::bigint, coalesce(bonus, 0)), ${closed('STAFF')}
                           WHERE player_id = ${someone(s.player)} AND status = 'USED'`);
      return;
    case 'refuse':
      // the provider refused a clawback: nothing was taken
      await d.execute(sql`UPDATE promotion_usages SET clawed_back = 0, updated_at = now()
                           WHERE player_id = ${someone(s.player)} AND closed_by = 'STAFF' AND clawed_back > 0`);
      return;
    case 'void':
      await d.execute(sql`UPDATE promotion_usages SET status = 'CANCELED', clawed_back = 0, ${closed('VOIDED')}
                           WHERE player_id = ${someone(s.player)} AND status = 'USED'`);
      return;
    case 'success':
      await d.execute(sql`UPDATE promotion_usages SET status = 'SUCCESS', ${closed('WITHDRAWAL')}
                           WHERE player_id = ${someone(s.player)} AND status = 'USED'`);
      return;
    case 'expire':
      await d.execute(sql`UPDATE promotion_usages SET status = 'INACTIVE', ${closed('EXPIRED')}
                           WHERE player_id = ${someone(s.player)} AND status = 'ACTIVE'`);
      return;
    case 'deactivate':
      await d.execute(sql`UPDATE promotion_usages SET status = 'INACTIVE', ${closed('DEACTIVATED')}
                           WHERE promotion_id = ${promotionIds[s.promotion]!} AND status = 'ACTIVE'`);
      return;
    case 'turnover':
      // no figure changes: no delta is written
      await d.execute(sql`UPDATE promotion_usages SET turnover = coalesce(turnover, 0) + 100 WHERE ${held(someone(s.player))}`);
      return;
    case 'delete':
      await d.execute(sql`DELETE FROM promotion_usages WHERE id = (SELECT id FROM promotion_usages
                           WHERE player_id = ${someone(s.player)} ORDER BY created_at LIMIT 1)`);
      return;
    case 'rollback': {
      // a transaction that took and paid, then failed: its deltas go with it
      const p = someone(s.player);
      await d
        .transaction(async (tx) => {
          await tx.execute(sql`INSERT INTO promotion_usages (agency_id, player_id, promotion_id, provider_id, status, expires_at)
                               SELECT ${agencyId}, ${p}, ${promotionIds[s.promotion]!}, 'gclub', 'ACTIVE', now() + interval '1 day'
                                WHERE NOT EXISTS (SELECT 1 FROM promotion_usages WHERE ${held(p)})`);
          await ctx.app.services.promotions.claimBonuses(tx, [
            { id: randomUUID(), agencyId, playerId: p, providerId: 'gclub', creditThb: 100_000n, createdAt: new Date(Date.now() + 60_000) },
          ]);
          throw new Error('rolled back');
        })
        .catch((err: unknown) => {
          if (!(err instanceof Error) || err.message !== 'rolled back') throw err;
        });
      return;
    }
    case 'fold':
      await foldPromotionFigures(d);
      return;
  }
}

describe('promotion figures kept by the database (decision 079)', () => {
  it('are exactly the grouped read of the usages after any mix of their statements, folded or not', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), async (steps) => {
        for (const s of steps) await run(s);
        await expectExact();
        await foldPromotionFigures(db());
        expect(await pendingDeltas()).toBe(0);
        await expectExact();
      }),
      { numRuns: 40 },
    );
    // the runs did reach every kind of figure
    const figures = await groupedFigures(db(), agencyId);
    expect(figures.some((f) => f.inUse > 0 || f.used > 0)).toBe(true);
  }, 240_000);

  it('a statement that changes no figure writes no delta; a settlement group writes one per promotion', async () => {
    const p = someone(0);
    await run({ op: 'cancel', player: 0 });
    await run({ op: 'void', player: 0 });
    await foldPromotionFigures(db());
    expect(await pendingDeltas()).toBe(0);
    await run({ op: 'take', player: 0, promotion: 0, provider: 'gclub' });
    expect(await pendingDeltas()).toBe(1);
    await run({ op: 'turnover', player: 0 });
    expect(await pendingDeltas()).toBe(1);
    await run({ op: 'pay', players: [0], credit: 100_000 });
    // the claim's two statements: USED with the deposit, then the bonus
    expect(await pendingDeltas()).toBe(3);
    expect((await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM promotion_usages WHERE ${held(p)}`))[0]!.n).toBe(1);
    await expectExact();
    expect(await foldPromotionFigures(db())).toBe(3);
    await expectExact();

    // two deposits of one group under the same promotion: one row per statement, not per usage
    for (const i of [1, 2]) for (const op of ['cancel', 'void'] as const) await run({ op, player: i });
    await foldPromotionFigures(db());
    for (const i of [1, 2]) await run({ op: 'take', player: i, promotion: 1, provider: 'gclub' });
    expect(await pendingDeltas()).toBe(2);
    await run({ op: 'pay', players: [1, 2], credit: 50_000 });
    expect(await pendingDeltas()).toBe(4);
    await expectExact();
  });

  it('stay exact with writers and folds at the same time (several connections on PostgreSQL)', async () => {
    const writers = playerIds.map((_, i) =>
      (async () => {
        for (let k = 0; k < 6; k++) {
          await run({ op: 'take', player: i, promotion: k % 3, provider: 'gclub' });
          await run({ op: 'pay', players: [i], credit: 10_000 + k });
          await run(k % 2 ? { op: 'clawback', player: i, amount: 500 } : { op: 'success', player: i });
        }
      })(),
    );
    const folds = (async () => {
      for (let k = 0; k < 10; k++) await Promise.all([foldPromotionFigures(db()), foldPromotionFigures(db())]);
    })();
    await Promise.all([...writers, folds]);
    await expectExact();
    await foldPromotionFigures(db());
    await expectExact();
  }, 60_000);
});
