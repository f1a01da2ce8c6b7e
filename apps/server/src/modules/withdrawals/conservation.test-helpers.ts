import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { ProviderId } from '@app/contracts';
import { queryRows } from '../../db/client.js';
import type { TestSandbox } from '../../test/sandbox.js';
import type { TestPlayer } from '../../test/players.js';
import { as, payDeposit, usePromotion } from '../promotions/promotions.test-helpers.js';
import { withdraw } from './withdrawals.test-helpers.js';

export type Rng = () => number;
export const int = (rng: Rng, lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));
export const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
export type Answer = { statusCode: number; json(): { error?: { code: string } } & Record<string, unknown> };

type Usage = { id: string; promotionId: string; providerId: ProviderId; status: string };
const thb = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;

/**
 * The promotion half of the conservation test's random operations: players of their own
 * cohort take the demo promotions (first deposit 100 % capped 500 %, daily 10 % with a target, 50,000
 * kip for 20 THB withdraw-all bonus-deducted) at a provider, deposit with them, play rounds at the
 * sandbox's game so turnover grows (wins large enough to reach the receivable cap), recheck, cancel
 * (a clawback) and withdraw under the rules; staff decide those withdrawals with the rest. `played`
 * is what the rounds moved at each provider, which the ledger learns only at its next sync.
 */
export async function promotionOperations(env: {
  app: FastifyInstance;
  sandbox: TestSandbox;
  cohort: TestPlayer[];
  providers: ProviderId[];
  note: (op: string, res: Answer) => void;
}) {
  const { app, sandbox, cohort, providers, note } = env;
  const demo = await queryRows<{ id: string; code: string }>(
    app.db,
    sql`SELECT id::text, code FROM promotions WHERE code IN ('FIRST100', 'DAILY10', 'SET50K')`,
  );
  if (demo.length !== 3) throw new Error(`the demo promotions are missing: ${JSON.stringify(demo)}`);
  const codeOf = new Map(demo.map((d) => [d.id, d.code]));
  const played = new Map<string, bigint>();
  const taken = new Set<string>();
  // an outcome that is not an HTTP answer of ours (the sandbox's game, a helper's throw), counted with the rest
  const count = (op: string, refusal?: string) =>
    note(op, { statusCode: refusal ? 409 : 200, json: () => (refusal ? { error: { code: refusal } } : {}) });

  async function held(p: TestPlayer): Promise<Usage | null> {
    const res = await as(app, p, 'GET', '/v2/players/promotions/using');
    return (res.json() as { usage: Usage | null }).usage;
  }
  async function credit(p: TestPlayer, providerId: ProviderId) {
    return (await sandbox.providerBalance(providerId, p.playerId)) ?? 0n;
  }

  const ops: Record<string, (rng: Rng) => Promise<void>> = {
    // a player's first take is the first-deposit promotion (theirs while they have no order), for its cap
    'promo take': async (rng) => {
      const p = pick(rng, cohort);
      const promotion = taken.has(p.playerId) ? pick(rng, demo) : demo.find((d) => d.code === 'FIRST100')!;
      taken.add(p.playerId);
      note('promo take', await usePromotion(app, p, promotion.id, pick(rng, providers)));
    },
    'promo deposit': async (rng) => {
      const p = pick(rng, cohort);
      const usage = await held(p);
      if (usage?.status !== 'ACTIVE') return;
      const code = codeOf.get(usage.promotionId);
      const amount =
        code === 'SET50K' ? 50_000 : code === 'FIRST100' ? pick(rng, [69_000, 138_000, 207_000, 345_000]) : int(rng, 100, 900) * 1000;
      try {
        await payDeposit(app, sandbox.url, p, amount, usage.providerId);
        count('promo deposit');
      } catch (err) {
        // refused (another deposit open, the usage cancelled meanwhile): the message names it
        count('promo deposit', String((err as Error).message).match(/"code":"(\w+)"/)?.[1] ?? 'DEPOSIT_REFUSED');
      }
    },
    // a few rounds at the provider of the held usage: turnover, all lost at times, wins past the cap
    'promo play': async (rng) => {
      const p = pick(rng, cohort);
      const usage = await held(p);
      if (usage?.status !== 'USED') return;
      for (let round = int(rng, 2, 6); round > 0; round--) {
        const balance = await credit(p, usage.providerId);
        if (balance < 100n) break;
        const stake = BigInt(Math.max(100, Math.floor(Number(balance) * pick(rng, [0.2, 0.5, 1]))));
        // under the first-deposit promotion the player keeps winning, so that its turnover and cap are reached
        const payout = stake * BigInt(pick(rng, codeOf.get(usage.promotionId) === 'FIRST100' ? [1, 1, 2, 10] : [0, 1, 1, 2]));
        try {
          await sandbox.providerBet(usage.providerId, p.playerId, stake, payout);
        } catch {
          // a withdrawal took the credit meanwhile: the round was refused, nothing moved
          count('promo play', 'BET_REFUSED');
          continue;
        }
        const key = `${p.playerId}@${usage.providerId}`;
        played.set(key, (played.get(key) ?? 0n) + payout - stake);
        count('promo play');
      }
    },
    'promo recheck': async (rng) => note('promo recheck', await as(app, pick(rng, cohort), 'POST', '/v2/promotions/usages/recheck')),
    'promo cancel': async (rng) => {
      const p = pick(rng, cohort);
      const usage = await held(p);
      if (usage) note('promo cancel', await as(app, p, 'POST', '/v2/promotions/usages/cancel', { usageId: usage.id }));
    },
    // under the rules: withdraw-all, the turnover and target (refusals counted), the cap's excess and the bonus deducted
    'promo withdraw': async (rng) => {
      const p = pick(rng, cohort);
      const usage = await held(p);
      const providerId = usage?.status === 'USED' ? usage.providerId : pick(rng, providers);
      const there = await credit(p, providerId);
      const share = codeOf.get(usage?.promotionId ?? '') === 'SET50K' ? 1 : pick(rng, [0.5, 1, 1]);
      const amount = BigInt(Math.floor(Number(there) * share));
      if (amount < 10_000n) return;
      note('promo withdraw', await withdraw(app, p, { providerId, amount: thb(amount) }));
    },
  };
  /**
   * One path made certain in every run, whatever the interleaving: a new player's first deposit with
   * the first-deposit promotion (207,000 kip: 300 THB and 300 of bonus), rounds that meet its
   * turnover (× 3) and win past its 500 % receivable cap, then a withdrawal of all: the cap's excess
   * goes to the house's promotion account at approval. Answers the withdrawal's id, for staff.
   */
  async function cappedWithdrawal(p: TestPlayer, providerId: ProviderId): Promise<string> {
    const first = demo.find((d) => d.code === 'FIRST100')!;
    note('scripted take', await usePromotion(app, p, first.id, providerId));
    await payDeposit(app, sandbox.url, p, 207_000, providerId);
    await app.worker.drain({ skipBackoff: true });
    const rounds: [bigint, bigint][] = [
      [60_000n, 60_000n],
      [60_000n, 60_000n],
      [60_000n, 60_000n],
      [10_000n, 190_000n],
    ];
    for (const [stake, payout] of rounds) {
      await sandbox.providerBet(providerId, p.playerId, stake, payout);
      const key = `${p.playerId}@${providerId}`;
      played.set(key, (played.get(key) ?? 0n) + payout - stake);
    }
    const res = await withdraw(app, p, { providerId, amount: thb(await credit(p, providerId)) });
    note('scripted withdraw', res);
    const w = (res.json() as { withdrawal?: { id: string; creditReturned: string } }).withdrawal;
    if (!w || w.creditReturned === '0.00')
      throw new Error(`the scripted withdrawal was not capped: ${res.statusCode} ${JSON.stringify(res.json())}`);
    return w.id;
  }

  const weights: [string, number][] = [
    ['promo take', 3],
    ['promo deposit', 3],
    ['promo play', 5],
    ['promo recheck', 3],
    ['promo cancel', 1],
    ['promo withdraw', 3],
  ];
  return { ops, weights, played, cappedWithdrawal };
}

/** The game results the ledger booked into a player's credit at a provider (syncCredit's gaming_result postings). */
export async function syncedResults(app: FastifyInstance, playerId: string, providerId: string): Promise<bigint> {
  const [row] = await queryRows<{ total: string }>(
    app.db,
    sql`SELECT coalesce(sum(CASE WHEN e.to_account_id = a.id THEN e.amount ELSE -e.amount END), 0)::text AS total
          FROM ledger_accounts a
          JOIN ledger_entries e ON e.to_account_id = a.id OR e.from_account_id = a.id
          JOIN ledger_transactions t ON t.id = e.transaction_id AND t.kind = 'gaming_result'
         WHERE a.type = 'PLAYER_CREDIT' AND a.player_id = ${playerId} AND a.provider_id = ${providerId}`,
  );
  return BigInt(row!.total);
}

/** What the promotion operations came to, for the run's figures: usages by status and the money paths taken. */
export async function promotionFigures(app: FastifyInstance) {
  const [row] = await queryRows<Record<string, number>>(
    app.db,
    sql`SELECT (SELECT count(*)::int FROM promotion_usages) AS usages,
               (SELECT count(*)::int FROM promotion_usages WHERE bonus > 0) AS bonuses,
               (SELECT count(*)::int FROM promotion_usages WHERE clawed_back > 0) AS clawbacks,
               (SELECT count(*)::int FROM promotion_usages WHERE closed_by = 'VOIDED' AND bonus > 0) AS "voidedBonuses",
               (SELECT count(*)::int FROM promotion_usages WHERE status = 'SUCCESS' AND closed_by = 'RECHECK') AS "playedAway",
               (SELECT count(*)::int FROM withdrawals WHERE promotion_usage_id IS NOT NULL) AS "promoWithdrawals",
               (SELECT count(*)::int FROM withdrawals WHERE status = 'SUCCESS' AND credit_returned > 0) AS capped,
               (SELECT count(*)::int FROM withdrawals WHERE status = 'SUCCESS' AND promo_credit > 0) AS deducted,
               (SELECT count(*)::int FROM withdrawals WHERE status <> 'SUCCESS' AND promotion_usage_id IS NOT NULL) AS "promoNotPaid"`,
  );
  return row!;
}

/**
 * Every transfer still unknown decided by staff, as they would from the provider's agent back office
 * (decision 141): applied when the provider lists more such transfers since it than we settled as
 * applied. Answers how many there were.
 */
export async function resolveHeld(env: {
  app: FastifyInstance;
  sandbox: TestSandbox;
  staff: { cookie: string };
  note: (op: string, res: Answer) => void;
}): Promise<number> {
  const { app, staff, note } = env;
  const held = await queryRows<{
    id: string;
    player_id: string;
    provider_id: string;
    direction: 'IN' | 'OUT';
    amount: string;
    created_at: Date;
  }>(
    app.db,
    sql`SELECT id, player_id, provider_id, direction, amount::text, created_at FROM provider_transfers WHERE status = 'PENDING' ORDER BY created_at`,
  );
  for (const t of held) {
    const amount = BigInt(t.amount);
    const since = new Date(t.created_at).getTime() - 1000;
    const same = (x: { direction: string; amount: bigint; createdAt: Date }) =>
      x.direction === t.direction && x.amount === amount && x.createdAt.getTime() >= since;
    // applied there when the provider lists more such transfers than we have settled as applied
    const there = (await env.sandbox.providerTransfers(t.provider_id as ProviderId, t.player_id)).filter(
      (x) => x.status === 'POSTED' && same(x),
    ).length;
    const [ours] = await queryRows<{ n: number }>(
      app.db,
      sql`SELECT count(*)::int AS n FROM provider_transfers WHERE player_id = ${t.player_id} AND provider_id = ${t.provider_id}
             AND direction = ${t.direction} AND amount = ${amount} AND status = 'POSTED' AND created_at >= ${new Date(since)}`,
    );
    const res = await app.inject({
      method: 'POST',
      url: `/api/v2/backoffice/transfers/${t.id}/resolve`,
      headers: { host: 'localhost', cookie: staff.cookie },
      payload: { applied: there > ours!.n, note: `seen at the provider: ${there}, settled here: ${ours!.n}` },
    });
    note('staff resolve', res);
  }
  return held.length;
}
