import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { ReconciliationItem, ReconciliationSummary } from '@app/contracts';
import { auditLog, bankReconciliationDifferences, jobs } from '../../db/schema/index.js';
import { BankGatewayRefusedError, type BankGateway, type BankTransaction } from '../../payments/index.js';
import { payLaoQr, setBankFaults } from '../../test/bank.js';
import { createAgency } from '../../test/agencies.js';
import { registerPlayer } from '../../test/players.js';
import { staffCalls, staffLogin, type TestStaff } from '../../test/staff.js';
import { sendCallback, useDepositCallbacks } from '../deposits/deposits.test-helpers.js';
import { compareBankDay, laoDayOf } from './reconciliation.run.js';
import { reconcileBankDay, scheduleReconciliations } from './reconciliation.jobs.js';
import { openBankDifferences } from './reconciliation.differences.js';

const { env, openDeposit, orderOf, settleAll, count } = useDepositCallbacks();
const app = () => env.ctx.app;
const today = () => ({ agencyId: env.agencyId(), bank: 'bcel' as const, day: laoDayOf(new Date()) });
const reconcile = () => reconcileBankDay({ db: app().db, bankGateways: app().bankGateways }, today());
const found = (r: { differences: { kind: string; bankReference: string }[] }, bankReference: string) =>
  r.differences.filter((d) => d.bankReference === bankReference).map((d) => d.kind);

const { get, post } = staffCalls(app);
const openItems = async (staff: TestStaff, host = 'localhost') => {
  const res = await get(staff, '/reconciliation/differences?limit=200', host);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: ReconciliationItem[] }).items;
};

/** A deposit paid at the bank whose notice never came: the bank has it, we do not. */
async function paidUnannounced(amount = '69000') {
  const p = await registerPlayer(app());
  const d = await openDeposit(p, amount);
  const paid = await payLaoQr(env.sandbox.url, d.payload);
  return { p, ...d, paid };
}

/** A deposit paid and credited through its notice. */
async function credited(amount = '69000') {
  const d = await paidUnannounced(amount);
  await sendCallback(app(), { reference: d.reference, bankReference: d.paid.bankReference, amount });
  await settleAll();
  expect((await orderOf(d.p, d.order.id)).status).toBe('SUCCESS');
  return d;
}

describe('the daily reconciliation with the bank (decision 138)', () => {
  it('finds a payment the notice never announced, and a QR paid a second time, as not credited; moves nothing', async () => {
    const unannounced = await paidUnannounced();
    const twice = await credited('70000');
    await setBankFaults(env.sandbox.url, { repeatPayments: true });
    const again = await payLaoQr(env.sandbox.url, twice.payload);
    const postings = () => count(sql`SELECT count(*) AS n FROM ledger_transactions`);
    const ledgerBefore = await postings();
    const r = await reconcile();
    expect(r.method).toBe('LIST');
    expect(found(r, unannounced.paid.bankReference)).toEqual(['NOT_CREDITED']);
    expect(found(r, again.bankReference)).toEqual(['NOT_CREDITED']);
    expect(found(r, twice.paid.bankReference)).toEqual([]);
    const [row] = await app()
      .db.select()
      .from(bankReconciliationDifferences)
      .where(eq(bankReconciliationDifferences.bankReference, unannounced.paid.bankReference));
    expect(row).toMatchObject({ kind: 'NOT_CREDITED', orderId: unannounced.order.id, bankAmountLak: 69_000n, ourAmountLak: null });
    // nothing credited, nothing booked by the comparison itself
    expect((await orderOf(unannounced.p, unannounced.order.id)).status).toBe('OPEN');
    expect(await postings()).toBe(ledgerBefore);
  });

  it('finds a payment credited here that the bank does not know, and one whose amount differs; clears them once fixed', async () => {
    const ghost = await credited('71000');
    const other = await credited('72000');
    const ghostRef = `GHOST-${Date.now()}`;
    await app().db.execute(sql`UPDATE deposit_orders SET bank_reference = ${ghostRef} WHERE id = ${ghost.order.id}`);
    await app().db.execute(sql`UPDATE deposit_orders SET amount_lak = 72500 WHERE id = ${other.order.id}`);
    const r = await reconcile();
    expect(found(r, ghostRef)).toEqual(['UNKNOWN_AT_BANK']);
    // the bank's real payment of that bill has no record of ours now
    expect(found(r, ghost.paid.bankReference)).toEqual(['NOT_CREDITED']);
    expect(r.differences.find((d) => d.bankReference === other.paid.bankReference)).toMatchObject({
      kind: 'AMOUNT_DIFFERS',
      bankAmountLak: 72_000n,
      ourAmountLak: 72_500n,
    });
    // put right: the next comparison of the day clears them
    await app().db.execute(sql`UPDATE deposit_orders SET bank_reference = ${ghost.paid.bankReference} WHERE id = ${ghost.order.id}`);
    await app().db.execute(sql`UPDATE deposit_orders SET amount_lak = 72000 WHERE id = ${other.order.id}`);
    const again = await reconcile();
    expect([...found(again, ghostRef), ...found(again, other.paid.bankReference)]).toEqual([]);
    const rows = await app()
      .db.select({ kind: bankReconciliationDifferences.kind, resolution: bankReconciliationDifferences.resolution })
      .from(bankReconciliationDifferences)
      .where(
        sql`${bankReconciliationDifferences.bankReference} IN (${ghostRef}, ${other.paid.bankReference}, ${ghost.paid.bankReference})`,
      );
    expect(rows.map((x) => x.resolution)).toEqual(['CLEARED', 'CLEARED', 'CLEARED']);
  });

  it('asks JDB, which lists nothing, about each bill and payment of the day instead', async () => {
    const paidBill = await paidUnannounced('73000');
    const creditedOne = await credited('74000');
    const asked: string[] = [];
    const tx = (reference: string, bankReference: string, amountLak: bigint): BankTransaction => ({
      reference,
      bankReference,
      amountLak,
      currency: 'LAK',
      // booked a moment ago: inside the day compared so far
      paidAt: new Date(Date.now() - 60_000),
    });
    const jdb: BankGateway = {
      protocol: 'jdb-yes',
      createBill: () => Promise.reject(new Error('not used')),
      disableBill: () => Promise.resolve(),
      listTransactions: () => Promise.reject(new BankGatewayRefusedError('LIST_NOT_SUPPORTED', 'JDB Yes has no transaction list')),
      async status(reference) {
        asked.push(`status:${reference}`);
        return reference === paidBill.reference
          ? { status: 'PAID', ...tx(reference, 'JDB-REF-1', 73_000n), reference }
          : { status: 'NOT_FOUND', reference };
      },
      async payment(bankReference) {
        asked.push(`payment:${bankReference}`);
        return bankReference === creditedOne.paid.bankReference ? tx(creditedOne.reference, bankReference, 74_001n) : null;
      },
    };
    const r = await compareBankDay({ db: app().db, bankGateways: { for: async () => jdb } }, today());
    expect(r.method).toBe('PER_ORDER');
    expect(asked).toContain(`status:${paidBill.reference}`);
    expect(asked).toContain(`payment:${creditedOne.paid.bankReference}`);
    expect(found(r, 'JDB-REF-1')).toEqual(['NOT_CREDITED']);
    expect(found(r, creditedOne.paid.bankReference)).toEqual(['AMOUNT_DIFFERS']);
  });

  it('is scheduled once per agency, bank and day, by however many workers', async () => {
    const at = new Date(Date.now() + 3 * 86_400_000);
    const first = await scheduleReconciliations(app().db, at);
    const second = await scheduleReconciliations(app().db, at);
    expect(first.queued).toBeGreaterThanOrEqual(1);
    expect(second.queued).toBe(0);
    const queued = await app()
      .db.select()
      .from(jobs)
      .where(and(eq(jobs.type, 'bank_reconciliation'), sql`${jobs.payload}->>'day' = ${first.day}`));
    expect(queued.map((j) => j.payload)).toContainEqual({ agencyId: env.agencyId(), bank: 'bcel', day: first.day });
    await app().db.delete(jobs).where(eq(jobs.type, 'bank_reconciliation'));
  });
});

describe('the back office view of the differences (decision 139)', () => {
  async function otherAgencyOwner() {
    const code = `r${Date.now().toString(36)}`;
    const agencyId = await createAgency(app(), code, `${code}.example`);
    return { staff: await staffLogin(app(), agencyId, 'owner', `${code}.example`), host: `${code}.example` };
  }

  it('shows owner and finance their agency only, never support; the metric counts what is open', async () => {
    const d = await paidUnannounced('75000');
    await reconcile();
    const finance = await staffLogin(app(), env.agencyId(), 'finance');
    const item = (await openItems(finance)).find((i) => i.bankReference === d.paid.bankReference);
    expect(item).toMatchObject({
      kind: 'NOT_CREDITED',
      bank: 'bcel',
      depositId: d.order.id,
      playerUsername: d.p.username,
      bankAmountLak: '75000',
    });
    const summary = (await get(finance, '/reconciliation/summary')).json() as ReconciliationSummary;
    expect(summary.open.NOT_CREDITED).toBeGreaterThanOrEqual(1);
    expect(summary.runs.find((r) => r.bank === 'bcel')).toMatchObject({ method: 'LIST', error: null });

    const support = await staffLogin(app(), env.agencyId(), 'support');
    for (const res of [
      await get(support, '/reconciliation/differences'),
      await get(support, '/reconciliation/summary'),
      await post(support, `/reconciliation/differences/${item!.id}/resolve`, { note: 'x' }),
      await post(support, `/reconciliation/differences/${item!.id}/confirm`),
      await post(support, '/reconciliation/run', { bank: 'bcel' }),
    ])
      expect([res.statusCode, res.json().error.code]).toEqual([403, 'STAFF_FORBIDDEN']);

    const other = await otherAgencyOwner();
    expect(await openItems(other.staff, other.host)).toEqual([]);
    const foreign = await post(other.staff, `/reconciliation/differences/${item!.id}/resolve`, { note: 'not mine' }, other.host);
    expect(foreign.statusCode).toBe(404);

    const open = await openBankDifferences(app().db, { agencyId: env.agencyId() });
    const text = await app().metrics.scrape();
    const n = open.filter((o) => o.kind === 'NOT_CREDITED').reduce((s, o) => s + o.count, 0);
    expect(text).toContain(`laocredit_reconciliation_open_differences{agency="demo",bank="bcel",kind="NOT_CREDITED"} ${n}`);
  });

  it('"ask the bank" credits the order through the deposit confirmation, and keeps a second payment for refund', async () => {
    const d = await paidUnannounced('76000');
    const twice = await credited('77000');
    await setBankFaults(env.sandbox.url, { repeatPayments: true });
    const again = await payLaoQr(env.sandbox.url, twice.payload);
    await reconcile();
    const owner = await staffLogin(app(), env.agencyId(), 'owner');
    const items = await openItems(owner);
    const forOrder = items.find((i) => i.bankReference === d.paid.bankReference)!;
    const second = items.find((i) => i.bankReference === again.bankReference)!;

    const res = await post(owner, `/reconciliation/differences/${forOrder.id}/confirm`);
    expect([res.statusCode, res.json()]).toEqual([200, { item: null }]);
    await settleAll();
    expect((await orderOf(d.p, d.order.id)).status).toBe('SUCCESS');

    const kept = await post(owner, `/reconciliation/differences/${second.id}/confirm`);
    expect([kept.statusCode, kept.json()]).toEqual([200, { item: null }]);
    const unmatched = await app().db.execute(
      sql`SELECT reason, amount_lak FROM unmatched_payments WHERE bank_reference = ${again.bankReference}`,
    );
    expect(JSON.stringify(unmatched)).toContain('PAID_TWICE');
    const audits = await app().db.select().from(auditLog).where(eq(auditLog.action, 'reconciliation.confirm'));
    expect(audits.map((a) => a.entityId)).toEqual(expect.arrayContaining([forOrder.id, second.id]));
    // the next comparison finds both recorded
    const r = await reconcile();
    expect([...found(r, d.paid.bankReference), ...found(r, again.bankReference)]).toEqual([]);
  });

  it('closes a difference with a note once (audited), refuses an empty note, and queues a comparison of today', async () => {
    const ghost = await credited('78000');
    const ghostRef = `GHOST-N-${Date.now()}`;
    await app().db.execute(sql`UPDATE deposit_orders SET bank_reference = ${ghostRef} WHERE id = ${ghost.order.id}`);
    await reconcile();
    const owner = await staffLogin(app(), env.agencyId(), 'owner');
    const item = (await openItems(owner)).find((i) => i.bankReference === ghostRef)!;
    expect(item.kind).toBe('UNKNOWN_AT_BANK');
    const confirm = await post(owner, `/reconciliation/differences/${item.id}/confirm`);
    expect([confirm.statusCode, confirm.json().error.fields]).toEqual([409, { id: 'backoffice.reconciliation.not_confirmable' }]);
    const empty = await post(owner, `/reconciliation/differences/${item.id}/resolve`, { note: '  ' });
    expect([empty.statusCode, empty.json().error.fields]).toEqual([400, { note: 'backoffice.validation.note_required' }]);
    for (let i = 0; i < 2; i++) {
      const res = await post(owner, `/reconciliation/differences/${item.id}/resolve`, { note: 'bank statement checked: booked by hand' });
      expect([res.statusCode, res.json()]).toEqual([200, { item: null }]);
    }
    const audits = await app()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'reconciliation.resolve'), eq(auditLog.entityId, item.id)));
    expect(audits).toHaveLength(1);
    // found again, a difference staff resolved stays resolved
    await reconcile();
    expect((await openItems(owner)).find((i) => i.id === item.id)).toBeUndefined();
    await app().db.execute(sql`UPDATE deposit_orders SET bank_reference = ${ghost.paid.bankReference} WHERE id = ${ghost.order.id}`);

    const run = await post(owner, '/reconciliation/run', { bank: 'bcel' });
    expect([run.statusCode, run.json()]).toEqual([202, { queued: true, day: laoDayOf(new Date()) }]);
    await app().worker.drain();
    const bad = await post(owner, '/reconciliation/run', { bank: 'nope' });
    expect(bad.statusCode).toBe(400);
  });
});
