import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { ReconciliationItem, ReconciliationSummary } from '@app/contracts';
import { queryRows } from '../../db/client.js';
import { bankReconciliationDifferences, providerTransfers } from '../../db/schema/index.js';
import { houseAccount } from '../../ledger/ledger.js';
import type { ProviderLookup } from '../../providers/types.js';
import { registerPlayer, type TestPlayer } from '../../test/players.js';
import { useServerAndSandbox } from '../../test/server-and-sandbox.js';
import { staffCalls, staffLogin } from '../../test/staff.js';
import { settleTestKind, TEST_FUND_KIND } from '../../test/transfer-kinds.js';
import { reconcileProviderDay } from './reconciliation.jobs.js';
import { laoDayOf } from './reconciliation.run.js';

/**
 * askmebet through AMB, which keeps no transfer history: each player's balance there against the
 * balance after a deposit + our POSTED transfers since + AMB's win/lose since (docs/decisions/146),
 * on the sandbox that speaks AMB.
 */
const env = useServerAndSandbox({ PROVIDER_ASKMEBET_PROTOCOL: 'amb', PROVIDER_TIMEOUT_MS: '2000', WORKER_RETRY_BASE_MS: '5' });
const app = () => env.ctx.app;
const reconcile = (providers: ProviderLookup = app().providers) =>
  reconcileProviderDay({ db: app().db, providers }, { agencyId: env.agencyId(), provider: 'askmebet', day: laoDayOf(new Date()) });
const ofPlayer = (r: { differences: { playerId?: string | null }[] }, p: TestPlayer) =>
  r.differences.filter((d) => d.playerId === p.playerId);

/** One transfer of credit to (IN) or from (OUT) askmebet, through the outbox; sent at once unless `send` is false. */
async function move(p: TestPlayer, direction: 'IN' | 'OUT', amount: bigint, send = true) {
  settleTestKind(app(), TEST_FUND_KIND);
  const reference = `test-move:${randomUUID()}`;
  await app().db.transaction(async (tx) => {
    const exchange = await houseAccount(tx, { agencyId: env.agencyId(), playerId: p.playerId, type: 'EXCHANGE', currency: 'THB' });
    await app().transfers.request(tx, {
      agencyId: env.agencyId(),
      playerId: p.playerId,
      username: p.username,
      providerId: 'askmebet',
      direction,
      amount,
      reference,
      kind: TEST_FUND_KIND,
      counterAccountId: exchange,
    });
  });
  if (send) await app().worker.drain({ skipBackoff: true });
  const [t] = await app().db.select().from(providerTransfers).where(eq(providerTransfers.reference, reference));
  return t!;
}

/** A credit AMB applies that no transfer of ours made (its agent back office, say). */
const creditAtAmbOnly = (p: TestPlayer, amount: bigint) =>
  env.sandbox.providerForeignTransfer(
    'askmebet',
    { playerId: p.playerId, agencyId: env.agencyId(), username: p.username },
    { reference: `FOREIGN-${randomUUID()}`, direction: 'IN', amount },
  );
const balanceAtAmb = async (p: TestPlayer) => (await env.sandbox.providerBalance('askmebet', p.playerId)) ?? 0n;

describe('AMB reconciled by balance and win/lose (decision 146)', () => {
  it('a day of transfers, wins and losses gives no item, and moves nothing', async () => {
    const p = await registerPlayer(app());
    const first = await move(p, 'IN', 500_00n);
    expect(first).toMatchObject({ status: 'POSTED', witnessBefore: 0n });
    await env.sandbox.providerBet('askmebet', p.playerId, 100_00n, 0n); // a loss
    await env.sandbox.providerBet('askmebet', p.playerId, 50_00n, 220_50n); // a win
    await move(p, 'OUT', 120_00n);
    await move(p, 'IN', 30_00n);
    await env.sandbox.providerBet('askmebet', p.playerId, 10_00n, 0n);
    const postings = async () => (await queryRows<{ n: number }>(app().db, sql`SELECT count(*)::int AS n FROM ledger_transactions`))[0]!.n;
    const before = await postings();
    const r = await reconcile();
    expect(r.method).toBe('BALANCE');
    expect(r.checked).toBeGreaterThanOrEqual(3); // this player's three transfers, the first the anchor
    expect(ofPlayer(r, p)).toEqual([]);
    expect(await postings()).toBe(before);
    // the play moved AMB's balance away from the ledger's credit (booked at sync points): the equation holds all the same
    expect(await balanceAtAmb(p)).toBe(500_00n - 100_00n + 170_50n - 120_00n + 30_00n - 10_00n);
  });

  it('a credit at AMB that our ledger lacks: exactly one item, with the balance and what it should be', async () => {
    const p = await registerPlayer(app());
    const anchor = await move(p, 'IN', 400_00n);
    await env.sandbox.providerBet('askmebet', p.playerId, 40_00n, 0n);
    await creditAtAmbOnly(p, 123_45n);
    const r = await reconcile();
    const expected = 400_00n - 40_00n;
    expect(ofPlayer(r, p)).toEqual([
      expect.objectContaining({
        kind: 'BALANCE_DIFFERS',
        bankReference: anchor.reference,
        bankAmountLak: expected + 123_45n,
        ourAmountLak: expected,
        currency: 'THB',
      }),
    ]);
    expect(await balanceAtAmb(p)).toBe(expected + 123_45n);
    // a repeat keeps it once; staff see it beside the others, with both balances
    await reconcile();
    const rows = await app()
      .db.select()
      .from(bankReconciliationDifferences)
      .where(and(eq(bankReconciliationDifferences.playerId, p.playerId), eq(bankReconciliationDifferences.kind, 'BALANCE_DIFFERS')));
    expect(rows.map((x) => [x.provider, x.bank, x.resolvedAt])).toEqual([['askmebet', null, null]]);
    const finance = await staffLogin(app(), env.agencyId(), 'finance');
    const { get } = staffCalls(app);
    const items = (await get(finance, '/reconciliation/differences?limit=200')).json() as { items: ReconciliationItem[] };
    expect(items.items.find((i) => i.bankReference === anchor.reference)).toMatchObject({
      provider: 'askmebet',
      kind: 'BALANCE_DIFFERS',
      playerUsername: p.username,
      theirAmount: '483.45',
      ourAmount: '360.00',
    });
    const summary = (await get(finance, '/reconciliation/summary')).json() as ReconciliationSummary;
    expect(summary.runs.find((x) => x.provider === 'askmebet')).toMatchObject({ method: 'BALANCE', error: null });
    expect(await app().metrics.scrape()).toMatch(
      /laocredit_reconciliation_open_differences\{agency="demo",provider="askmebet",kind="BALANCE_DIFFERS"\} [1-9]/,
    );
  });

  it('a transfer POSTED here that AMB does not hold: one item short by its amount', async () => {
    const p = await registerPlayer(app());
    const anchor = await move(p, 'IN', 300_00n);
    const lost = await move(p, 'IN', 75_00n);
    await env.sandbox.providerReverse('askmebet', lost.providerTransferId!);
    await env.sandbox.providerBet('askmebet', p.playerId, 20_00n, 45_00n);
    const r = await reconcile();
    expect(ofPlayer(r, p)).toEqual([
      expect.objectContaining({ kind: 'BALANCE_DIFFERS', bankReference: anchor.reference, bankAmountLak: 325_00n, ourAmountLak: 400_00n }),
    ]);
  });

  it('skips a player while a transfer is not decided, and compares once it is', async () => {
    const p = await registerPlayer(app());
    await move(p, 'IN', 200_00n);
    await creditAtAmbOnly(p, 10_00n);
    await move(p, 'IN', 50_00n, false);
    expect(ofPlayer(await reconcile(), p)).toEqual([]);
    await app().worker.drain({ skipBackoff: true });
    expect(ofPlayer(await reconcile(), p)).toEqual([
      expect.objectContaining({ kind: 'BALANCE_DIFFERS', bankAmountLak: 260_00n, ourAmountLak: 250_00n }),
    ]);
  });

  it('skips a player who plays while the balance is read (the win/lose moved between the reads)', async () => {
    const p = await registerPlayer(app());
    await move(p, 'IN', 100_00n);
    await creditAtAmbOnly(p, 5_00n);
    const real = app().providers.get('askmebet');
    let reads = 0;
    const playing: ProviderLookup = {
      get: () =>
        Object.assign(Object.create(real) as typeof real, {
          // a bet settles between the first win/lose read and the second
          playSince: async (...args: Parameters<NonNullable<typeof real.playSince>>) => {
            if (args[0].playerId === p.playerId && ++reads === 2) await env.sandbox.providerBet('askmebet', p.playerId, 1_00n, 0n);
            return real.playSince!(...args);
          },
        }),
    };
    expect(ofPlayer(await reconcile(playing), p)).toEqual([]);
    expect(reads).toBe(2);
    expect(ofPlayer(await reconcile(), p)).toEqual([
      expect.objectContaining({ kind: 'BALANCE_DIFFERS', bankAmountLak: 104_00n, ourAmountLak: 99_00n }),
    ]);
  });
});
