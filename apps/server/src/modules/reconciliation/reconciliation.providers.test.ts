import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { fromMinor, type ReconciliationItem, type ReconciliationSummary } from '@app/contracts';
import { auditLog, bankReconciliationDifferences, jobs, providerTransfers } from '../../db/schema/index.js';
import type { ProviderAdapter, ProviderLookup } from '../../providers/types.js';
import { payLaoQr } from '../../test/bank.js';
import { createAgency } from '../../test/agencies.js';
import { registerPlayer, type TestPlayer } from '../../test/players.js';
import { staffCalls, staffLogin, type TestStaff } from '../../test/staff.js';
import { sendCallback, useDepositCallbacks } from '../deposits/deposits.test-helpers.js';
import { laoDayOf } from './reconciliation.run.js';
import { reconcileProviderDay, scheduleProviderReconciliations } from './reconciliation.jobs.js';
import { compareWithProvider } from './reconciliation.providers.js';

const { env, openDeposit, orderOf, settleAll, count } = useDepositCallbacks();
const app = () => env.ctx.app;
const today = (agencyId = env.agencyId()) => ({ agencyId, provider: 'gclub' as const, day: laoDayOf(new Date()) });
const reconcile = (providers: ProviderLookup = app().providers, agencyId?: string) =>
  reconcileProviderDay({ db: app().db, providers }, today(agencyId));
const { get, post } = staffCalls(app);
const openItems = async (staff: TestStaff, host = 'localhost') => {
  const res = await get(staff, '/reconciliation/differences?limit=200', host);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: ReconciliationItem[] }).items;
};
const ofPlayer = (r: { differences: { playerId?: string | null }[] }, playerId: string) =>
  r.differences.filter((d) => d.playerId === playerId);

/** A deposit paid and credited to gclub: answers the player and the transfer's reference. */
async function credited(amount = '69000', p?: TestPlayer) {
  const player = p ?? (await registerPlayer(app()));
  const d = await openDeposit(player, amount);
  const paid = await payLaoQr(env.sandbox.url, d.payload);
  await sendCallback(app(), { reference: d.reference, bankReference: paid.bankReference, amount });
  await settleAll();
  expect((await orderOf(player, d.order.id)).status).toBe('SUCCESS');
  const [t] = await app().db.select().from(providerTransfers).where(eq(providerTransfers.orderId, d.order.id));
  expect(t!.status).toBe('POSTED');
  return { p: player, transfer: t! };
}

describe("the daily reconciliation of a provider's transfers with the ledger (decision 142)", () => {
  it('finds nothing for a player with transfers and play, and moves nothing', async () => {
    const first = await credited('69000');
    await env.sandbox.providerBet('gclub', first.p.playerId, 5_000n, 2_000n);
    await credited('70000', first.p);
    await env.sandbox.providerBet('gclub', first.p.playerId, 1_000n, 9_000n);
    const postings = () => count(sql`SELECT count(*) AS n FROM ledger_transactions`);
    const before = await postings();
    const r = await reconcile();
    expect(r.method).toBe('HISTORY');
    expect(r.checked).toBeGreaterThanOrEqual(4);
    expect(ofPlayer(r, first.p.playerId)).toEqual([]);
    expect(await postings()).toBe(before);
  });

  it('finds a transfer the provider lost, and a credit we never sent, naming player, provider and amounts; once each', async () => {
    const lost = await credited('71000');
    await env.sandbox.providerReverse('gclub', lost.transfer.reference);
    const gifted = await credited('72000');
    const foreign = `FOREIGN-${Date.now()}`;
    await env.sandbox.providerForeignTransfer(
      'gclub',
      { playerId: gifted.p.playerId, agencyId: env.agencyId(), username: gifted.p.username },
      { reference: foreign, direction: 'IN', amount: 12_345n },
    );
    const r = await reconcile();
    expect(ofPlayer(r, lost.p.playerId)).toEqual([
      expect.objectContaining({
        kind: 'NOT_AT_PROVIDER',
        bankReference: lost.transfer.reference,
        bankAmountLak: null,
        ourAmountLak: lost.transfer.amount,
        currency: 'THB',
      }),
    ]);
    expect(ofPlayer(r, gifted.p.playerId)).toEqual([
      expect.objectContaining({ kind: 'NOT_IN_LEDGER', bankReference: foreign, bankAmountLak: 12_345n, ourAmountLak: null }),
    ]);
    // a repeat keeps each once
    await reconcile();
    const rows = await app()
      .db.select()
      .from(bankReconciliationDifferences)
      .where(sql`${bankReconciliationDifferences.bankReference} IN (${lost.transfer.reference}, ${foreign})`);
    expect(rows.map((x) => [x.kind, x.provider, x.bank, x.playerId, x.resolvedAt]).sort()).toEqual(
      [
        ['NOT_AT_PROVIDER', 'gclub', null, lost.p.playerId, null],
        ['NOT_IN_LEDGER', 'gclub', null, gifted.p.playerId, null],
      ].sort(),
    );
    // staff see them with the bank's, by player and amount
    const finance = await staffLogin(app(), env.agencyId(), 'finance');
    const items = await openItems(finance);
    expect(items.find((i) => i.bankReference === foreign)).toMatchObject({
      provider: 'gclub',
      bank: null,
      kind: 'NOT_IN_LEDGER',
      playerUsername: gifted.p.username,
      currency: 'THB',
      theirAmount: '123.45',
      ourAmount: null,
    });
    const summary = (await get(finance, '/reconciliation/summary')).json() as ReconciliationSummary;
    expect(summary.open.NOT_AT_PROVIDER).toBeGreaterThanOrEqual(1);
    expect(summary.runs.find((x) => x.provider === 'gclub')).toMatchObject({ method: 'HISTORY', bank: null, error: null });
    const text = await app().metrics.scrape();
    expect(text).toMatch(/laocredit_reconciliation_open_differences\{agency="demo",provider="gclub",kind="NOT_IN_LEDGER"\} [1-9]/);
  });

  it('closes a provider difference with a note once (audited); a later run leaves it closed', async () => {
    const lost = await credited('73000');
    await env.sandbox.providerReverse('gclub', lost.transfer.reference);
    await reconcile();
    const owner = await staffLogin(app(), env.agencyId(), 'owner');
    const item = (await openItems(owner)).find((i) => i.bankReference === lost.transfer.reference)!;
    expect(item).toMatchObject({
      kind: 'NOT_AT_PROVIDER',
      ourAmount: fromMinor(lost.transfer.amount, 'THB'),
      theirAmount: null,
      playerUsername: lost.p.username,
    });
    const confirm = await post(owner, `/reconciliation/differences/${item.id}/confirm`);
    expect(confirm.statusCode).toBe(409);
    for (let i = 0; i < 2; i++) {
      const res = await post(owner, `/reconciliation/differences/${item.id}/resolve`, { note: 'credited again by the provider agent' });
      expect([res.statusCode, res.json()]).toEqual([200, { item: null }]);
    }
    const audits = await app()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'reconciliation.resolve'), eq(auditLog.entityId, item.id)));
    expect(audits).toHaveLength(1);
    await reconcile();
    expect((await openItems(owner)).find((i) => i.id === item.id)).toBeUndefined();
    const run = await post(owner, '/reconciliation/run', { provider: 'gclub' });
    expect([run.statusCode, run.json()]).toEqual([202, { queued: true, day: laoDayOf(new Date()) }]);
    const queued = await app().db.select().from(jobs).where(eq(jobs.type, 'provider_reconciliation'));
    expect(queued.map((j) => j.payload)).toContainEqual(today());
    await app().worker.drain({ skipBackoff: true });
    for (const body of [{ provider: 'nope' }, { bank: 'bcel', provider: 'gclub' }, {}])
      expect((await post(owner, '/reconciliation/run', body)).statusCode).toBe(400);
  });

  it("keeps to the agency: A's run never reads B's players, B's staff neither see nor act on A's, support is refused", async () => {
    const mine = await credited('74000');
    await env.sandbox.providerReverse('gclub', mine.transfer.reference);
    const code = `q${Date.now().toString(36)}`;
    const host = `${code}.example`;
    const agencyB = await createAgency(app(), code, host);
    const theirs = await registerPlayer(app(), { host });
    // a transfer of B's ledger (ours, of agency B) to that player, which the provider never applied
    await app().db.execute(sql`
      INSERT INTO provider_transfers (agency_id, player_id, player_username, provider_id, direction, amount, reference, kind, counter_account_id, status, settled_at)
      SELECT ${agencyB}, ${theirs.playerId}, ${theirs.username}, 'gclub', 'IN', 500, ${`B-${code}`}, 'deposit', counter_account_id, 'POSTED', now()
        FROM provider_transfers WHERE id = ${mine.transfer.id}`);
    const asked: string[] = [];
    const spy: ProviderLookup = {
      get(id) {
        const real = app().providers.get(id);
        return Object.assign(Object.create(real) as ProviderAdapter, {
          transfersBetween: (p: { playerId: string }, from: Date, to: Date) => {
            asked.push(p.playerId);
            return real.transfersBetween!(p as never, from, to);
          },
        });
      },
    };
    const a = await reconcile(spy);
    expect(asked).toContain(mine.p.playerId);
    expect(asked).not.toContain(theirs.playerId);
    expect(a.differences.map((d) => d.bankReference)).not.toContain(`B-${code}`);
    asked.length = 0;
    const b = await reconcile(spy, agencyB);
    expect(asked).toEqual([theirs.playerId]);
    expect(b.differences.map((d) => [d.kind, d.bankReference])).toEqual([['NOT_AT_PROVIDER', `B-${code}`]]);

    const ownerA = await staffLogin(app(), env.agencyId(), 'owner');
    const item = (await openItems(ownerA)).find((i) => i.bankReference === mine.transfer.reference)!;
    expect((await openItems(ownerA)).map((i) => i.bankReference)).not.toContain(`B-${code}`);
    const ownerB = await staffLogin(app(), agencyB, 'owner', host);
    expect((await openItems(ownerB, host)).map((i) => i.bankReference)).toEqual([`B-${code}`]);
    const foreign = await post(ownerB, `/reconciliation/differences/${item.id}/resolve`, { note: 'not mine' }, host);
    expect(foreign.statusCode).toBe(404);
    const support = await staffLogin(app(), env.agencyId(), 'support');
    for (const res of [
      await get(support, '/reconciliation/differences?provider=gclub'),
      await post(support, `/reconciliation/differences/${item.id}/resolve`, { note: 'x' }),
      await post(support, '/reconciliation/run', { provider: 'gclub' }),
    ])
      expect([res.statusCode, res.json().error.code]).toEqual([403, 'STAFF_FORBIDDEN']);
  });

  it('is scheduled once per agency, provider and day, by however many workers', async () => {
    const at = new Date(Date.now() + 3 * 86_400_000);
    const first = await scheduleProviderReconciliations(app().db, ['gclub'], at);
    const second = await scheduleProviderReconciliations(app().db, ['gclub'], at);
    expect(first.queued).toBeGreaterThanOrEqual(1);
    expect(second.queued).toBe(0);
    const queued = await app()
      .db.select()
      .from(jobs)
      .where(and(eq(jobs.type, 'provider_reconciliation'), sql`${jobs.payload}->>'day' = ${first.day}`));
    expect(queued.map((j) => j.payload)).toContainEqual({ agencyId: env.agencyId(), provider: 'gclub', day: first.day });
    await app().db.delete(jobs).where(eq(jobs.type, 'provider_reconciliation'));
  });
});

describe('one player compared (decision 142)', () => {
  const [from, to] = [new Date('2026-11-28T17:00:00Z'), new Date('2026-11-29T17:00:00Z')];
  const at = new Date('2026-11-29T03:00:00Z');
  const ours = (reference: string, direction: 'IN' | 'OUT', amount: bigint, status: 'POSTED' | 'PENDING' | 'VOIDED') =>
    ({ reference, direction, amount, status, orderId: null, playerId: 'p', createdAt: at }) as never;
  it('signs a transfer out, flags another amount and a voided or missing one, leaves a pending one to its own path', () => {
    const mine = new Map(
      [
        ours('in', 'IN', 100_00n, 'POSTED'),
        ours('out', 'OUT', 40_00n, 'POSTED'),
        ours('other', 'IN', 10_00n, 'POSTED'),
        ours('voided', 'IN', 5_00n, 'VOIDED'),
        ours('pending', 'IN', 7_00n, 'PENDING'),
      ].map((t: { reference: string }) => [t.reference, t as never]),
    );
    const listed = [
      { reference: 'in', amountMinor: 100_00n, at },
      { reference: 'out', amountMinor: -40_00n, at },
      { reference: 'other', amountMinor: 11_00n, at },
      { reference: 'voided', amountMinor: 5_00n, at },
      { reference: 'pending', amountMinor: 7_00n, at },
      { reference: 'stranger', amountMinor: 3_00n, at },
      // the day before: read for the margin, not this day's difference
      { reference: 'yesterday', amountMinor: 9_00n, at: new Date(from.getTime() - 1) },
    ];
    const missing = ours('missing', 'OUT', 2_00n, 'POSTED');
    const r = compareWithProvider({ playerId: 'p', listed, from, to, ours: mine, oursInWindow: [...mine.values(), missing] });
    expect(r.differences.map((d) => [d.kind, d.bankReference, d.bankAmountLak, d.ourAmountLak])).toEqual([
      ['AMOUNT_DIFFERS', 'other', 11_00n, 10_00n],
      ['NOT_IN_LEDGER', 'voided', 5_00n, null],
      ['NOT_IN_LEDGER', 'stranger', 3_00n, null],
    ]);
    // asked about by reference before it is called missing at the provider
    expect(r.unlisted.map((t) => t.reference)).toEqual(['missing']);
  });
});
