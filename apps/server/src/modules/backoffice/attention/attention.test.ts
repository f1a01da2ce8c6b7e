import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { type AttentionItem } from '@app/contracts';
import { auditLog, jobs, providerTransfers } from '../../../db/schema/index.js';
import { buildLaoQr } from '@app/contracts';
import { payLaoQr, setBankFaults } from '../../../test/bank.js';
import { registerPlayer, type TestPlayer } from '../../../test/players.js';
import { jobKey } from '../../../ledger/transfers/index.js';
import { sendCallback, useDepositCallbacks } from '../../deposits/deposits.test-helpers.js';
import { staffLogin, type TestStaff } from '../../withdrawals/withdrawals.test-helpers.js';
import { staffCalls } from '../../../test/staff.js';
import { encodeCursor } from '../../shared/keyset.js';
import { createAgency } from '../../../test/agencies.js';

const { env, call, openDeposit, orderOf, count, settleAll, transfersOf } = useDepositCallbacks();
const app = () => env.ctx.app;

const { get, post } = staffCalls(app);
const list = async (staff: TestStaff, kind: string, extra = '') => {
  const res = await get(staff, `/deposits/attention?kind=${kind}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: AttentionItem[]; nextCursor: string | null };
};

/** a paid deposit whose transfer the provider refused: FAILED, the credit waiting at the exchange */
async function failedDeposit(amount = '100000'): Promise<{ p: TestPlayer; id: string }> {
  const p = await registerPlayer(app());
  const { order, payload } = await openDeposit(p, amount);
  await payLaoQr(env.sandbox.url, payload);
  await env.sandbox.providerFaults.set({ providerId: 'gclub', operations: ['transfer'], refuse: true, count: 1 });
  await call(p, 'POST', `/v2/deposits/${order.id}/check`);
  await settleAll();
  expect((await orderOf(p, order.id)).status).toBe('FAILED');
  return { p, id: order.id };
}

/** A bill registered at the sandbox bank directly: the server has no order for it. */
async function strayBankBill(amountLak: bigint) {
  const reference = `X${Date.now().toString(36).toUpperCase()}${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
  const payload = buildLaoQr({
    bank: 'bcel',
    merchantId: 'DEMO-BCEL-001',
    mcc: '5816',
    merchantName: 'Lao Credit Demo',
    city: 'Vientiane',
    amountLak,
    billNumber: reference,
    reference,
  });
  await app().bankGateway.createBill({ reference, payload, amountLak, expiresAt: new Date(Date.now() + 600_000) });
  return { reference, payload };
}

async function otherAgencyStaff(): Promise<TestStaff> {
  const code = `a${Date.now().toString(36)}`;
  const agencyId = await createAgency(app(), code, `${code}.example`);
  return staffLogin(app(), agencyId, 'owner', `${code}.example`).then((s) => ({ ...s, host: `${code}.example` }));
}

describe('deposits needing attention', () => {
  it('lists a FAILED deposit for owner and finance only, never to support, a player or another agency', async () => {
    const { p, id } = await failedDeposit();
    const finance = await staffLogin(app(), env.agencyId(), 'finance');
    const item = (await list(finance, 'TRANSFER_FAILED')).items.find((i) => i.id === id);
    expect(item).toMatchObject({ kind: 'TRANSFER_FAILED', depositId: id, playerUsername: p.username, amountLak: '100000', transfers: 1 });
    const summary = (await get(finance, '/deposits/attention/summary')).json();
    expect(summary.TRANSFER_FAILED.count).toBeGreaterThanOrEqual(1);
    const support = await staffLogin(app(), env.agencyId(), 'support');
    for (const res of [
      await get(support, '/deposits/attention?kind=TRANSFER_FAILED'),
      await post(support, `/deposits/${id}/retry-transfer`, { transfers: 1 }),
    ])
      expect([res.statusCode, res.json().error.code]).toEqual([403, 'STAFF_FORBIDDEN']);
    expect((await get(p, '/deposits/attention?kind=TRANSFER_FAILED')).statusCode).toBe(401);
    const stranger = (await otherAgencyStaff()) as TestStaff & { host: string };
    const theirs = await get(stranger, '/deposits/attention?kind=TRANSFER_FAILED', stranger.host);
    expect(theirs.json().items).toEqual([]);
    for (const res of [
      await post(stranger, `/deposits/${id}/retry-transfer`, { transfers: 1 }, stranger.host),
      await post(stranger, `/deposits/${id}/refund`, { bankReference: 'X-1' }, stranger.host),
    ])
      expect([res.statusCode, res.json().error.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('pages by cursor and answers 400 to a tampered one', async () => {
    await failedDeposit('30000');
    await failedDeposit('30001');
    const owner = await staffLogin(app(), env.agencyId(), 'owner');
    const all = (await list(owner, 'TRANSFER_FAILED', '&limit=200')).items.map((i) => i.id);
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(owner, 'TRANSFER_FAILED', `&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      paged.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toEqual(all);
    for (const bad of ['nope!', encodeCursor(['x', 'y']), encodeCursor(['2026-01-01T00:00:00.000000Z', "1' OR 1=1"])]) {
      const res = await get(owner, `/deposits/attention?kind=TRANSFER_FAILED&cursor=${encodeURIComponent(bad)}`);
      expect([res.statusCode, res.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
  });

  it('retries a FAILED transfer once under two concurrent presses and a repeat, audited, and the credit arrives', async () => {
    const { p, id } = await failedDeposit();
    const finance = await staffLogin(app(), env.agencyId(), 'finance');
    const answers = await Promise.all([
      post(finance, `/deposits/${id}/retry-transfer`, { transfers: 1 }),
      post(finance, `/deposits/${id}/retry-transfer`, { transfers: 1 }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await post(finance, `/deposits/${id}/retry-transfer`, { transfers: 1 })).statusCode).toBe(200);
    expect(await transfersOf(id)).toBe(2);
    await settleAll();
    expect((await orderOf(p, id)).status).toBe('SUCCESS');
    expect(await env.sandbox.providerBalance('gclub', p.playerId)).toBeGreaterThan(0n);
    expect((await list(finance, 'TRANSFER_FAILED')).items.map((i) => i.id)).not.toContain(id);
    const audit = await app().db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit.map((a) => a.action)).toEqual(['deposit.retry_transfer']);
    expect(audit[0]).toMatchObject({ staffUsername: finance.username, before: { status: 'FAILED', transfers: 1 } });
  });

  it('records a refund once under concurrent and repeated calls; the kip leaves the exchange; a used reference is refused', async () => {
    const { id } = await failedDeposit('120000');
    const other = await failedDeposit('120001');
    const owner = await staffLogin(app(), env.agencyId(), 'owner');
    const body = { bankReference: `BCEL-R-${id.slice(0, 8)}` };
    const answers = await Promise.all([post(owner, `/deposits/${id}/refund`, body), post(owner, `/deposits/${id}/refund`, body)]);
    expect(answers.map((r) => [r.statusCode, r.json().item])).toEqual([
      [200, null],
      [200, null],
    ]);
    expect((await post(owner, `/deposits/${id}/refund`, body)).statusCode).toBe(200);
    expect(await count(sql`SELECT count(*) AS n FROM ledger_transactions WHERE reference = ${`deposit:${id}:refund`}`)).toBe(1);
    expect((await post(owner, `/deposits/${id}/refund`, { bankReference: 'ANOTHER' })).json().error.code).toBe('CONFLICT');
    const reused = await post(owner, `/deposits/${other.id}/refund`, body);
    expect([reused.statusCode, reused.json().error.fields]).toEqual([409, { bankReference: 'backoffice.validation.bank_reference_used' }]);
    // refunded: a retry does nothing
    expect((await post(owner, `/deposits/${id}/retry-transfer`, { transfers: 1 })).json().item).toBeNull();
    expect(await transfersOf(id)).toBe(1);
    expect(await app().db.select().from(auditLog).where(eq(auditLog.entityId, id))).toHaveLength(1);
  });

  it('keeps a second payment of a paid QR and a payment for no order, as the bank booked them; refunds each once', async () => {
    const p = await registerPlayer(app());
    const { order, payload, reference } = await openDeposit(p, '50000');
    const paid = await payLaoQr(env.sandbox.url, payload);
    await sendCallback(app(), { reference, bankReference: paid.bankReference, amount: '50000' });
    await settleAll();
    expect((await orderOf(p, order.id)).status).toBe('SUCCESS');
    // the payer scans the paid QR again, and the bank books it
    await setBankFaults(env.sandbox.url, { repeatPayments: true });
    const second = await payLaoQr(env.sandbox.url, payload);
    const twice = { reference, bankReference: second.bankReference, amount: '50000' };
    for (let i = 0; i < 2; i++) expect((await sendCallback(app(), twice)).statusCode).toBe(200);
    // a bill the bank knows and this server does not (an order lost with its database, say)
    const strayBill = await strayBankBill(70_000n);
    const strayPaid = await payLaoQr(env.sandbox.url, strayBill.payload);
    const stray = { reference: strayBill.reference, bankReference: strayPaid.bankReference, amount: '70000' };
    expect((await sendCallback(app(), stray)).statusCode).toBe(404);
    const finance = await staffLogin(app(), env.agencyId(), 'finance');
    const items = (await list(finance, 'UNMATCHED_PAYMENT', '&limit=200')).items.filter((i) =>
      [twice.bankReference, stray.bankReference].includes(i.bankReference!),
    );
    items.sort((a, b) => (a.unmatchedReason! < b.unmatchedReason! ? 1 : -1));
    expect(items.map((i) => [i.unmatchedReason, i.amountLak, i.playerUsername])).toEqual([
      ['PAID_TWICE', '50000', p.username],
      ['NO_ORDER', '70000', null],
    ]);
    const refund = { bankReference: `BACK-${order.id.slice(0, 8)}` };
    const answers = await Promise.all([
      post(finance, `/unmatched-payments/${items[0]!.id}/refund`, refund),
      post(finance, `/unmatched-payments/${items[0]!.id}/refund`, refund),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await count(sql`SELECT count(*) AS n FROM ledger_transactions WHERE reference = ${`unmatched:${items[0]!.id}:refund`}`)).toBe(1);
    const left = (await list(finance, 'UNMATCHED_PAYMENT', '&limit=200')).items.map((i) => i.id);
    expect(left).not.toContain(items[0]!.id);
    expect(left).toContain(items[1]!.id);
  });

  it('shows a transfer still unknown after TRANSFER_ATTENTION_MINUTES and asks the provider again on request', async () => {
    const p = await registerPlayer(app());
    const { order, payload } = await openDeposit(p, '60000');
    await payLaoQr(env.sandbox.url, payload);
    await env.sandbox.providerFaults.set({ providerId: 'gclub', operations: ['transfer'], fail5xx: true, count: 1 });
    await call(p, 'POST', `/v2/deposits/${order.id}/check`);
    await env.ctx.app.services.deposits.confirmations.idle();
    await app().transfers.idle();
    const [t] = await app().db.select().from(providerTransfers).where(eq(providerTransfers.orderId, order.id));
    expect(t!.status).toBe('PENDING');
    await app().db.execute(sql`UPDATE provider_transfers SET created_at = now() - interval '20 minutes' WHERE id = ${t!.id}`);
    await app().db.execute(sql`UPDATE jobs SET run_at = now() + interval '1 hour' WHERE unique_key = ${jobKey(t!.id)}`);
    const finance = await staffLogin(app(), env.agencyId(), 'finance');
    expect((await list(finance, 'TRANSFER_UNKNOWN')).items.map((i) => i.id)).toContain(t!.id);
    expect((await post(finance, `/transfers/${t!.id}/recheck`)).statusCode).toBe(200);
    const [job] = await app()
      .db.select()
      .from(jobs)
      .where(eq(jobs.uniqueKey, jobKey(t!.id)));
    expect(job!.runAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    await app().worker.drain();
    expect((await orderOf(p, order.id)).status).toBe('SUCCESS');
    expect(await transfersOf(order.id)).toBe(1);
    expect((await post(finance, `/transfers/${t!.id}/recheck`)).json().item).toBeNull();
    expect((await list(finance, 'TRANSFER_UNKNOWN')).items.map((i) => i.id)).not.toContain(t!.id);
  });
});
