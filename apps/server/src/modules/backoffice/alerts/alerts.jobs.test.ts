import { describe, expect, it } from 'vitest';
import { and, eq, isNull, like, sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.js';
import { depositOrders, jobs, staffAlertEvents, staffAlertSettings } from '../../../db/schema/index.js';
import { registerPlayer, type TestPlayer } from '../../../test/players.js';
import { useServerAndSandbox } from '../../../test/server-and-sandbox.js';
import { staffLogin } from '../../../test/staff.js';
import { payDeposit } from '../../promotions/promotions.test-helpers.js';
import { addBankAccount, fundCredit, withdraw } from '../../withdrawals/withdrawals.test-helpers.js';
import { raiseStaffAlert } from './index.js';

const env = useServerAndSandbox({ RATE_LIMIT_ENABLED: 'false' });
const app = () => env.ctx.app;

const LINE_USER = `U${'fedcba9876543210'.repeat(2)}`;

async function setAlerts(over: object = {}) {
  const owner = await staffLogin(app(), env.agencyId(), 'owner');
  const res = await app().inject({
    method: 'PUT',
    url: '/api/v2/backoffice/alerts',
    headers: { host: 'localhost', cookie: owner.cookie },
    payload: {
      language: 'en',
      events: ['withdrawal_large', 'withdrawal_waiting', 'attention', 'transfer_unknown', 'reconciliation'],
      withdrawalOverLak: '50000',
      withdrawalWaitMinutes: 10,
      telegram: { recipient: '-100200300', token: '7000000002:AAFsandboxJobsTokenNotRealxxxxxxxxxxx' },
      line: { recipient: LINE_USER, token: 'sandboxLineJobsTokenNotReal0123456789' },
      ...over,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function openWithdrawal(player: TestPlayer, amount: string) {
  const res = await withdraw(app(), player, { providerId: 'gclub', amount });
  expect(res.json().withdrawal.status).toBe('OPEN');
  return res.json().withdrawal as { id: string; transactionCode: string };
}

const pendingAlertJobs = () =>
  app()
    .db.select()
    .from(jobs)
    .where(and(eq(jobs.type, 'staff_alert'), isNull(jobs.doneAt)));

describe('staff alert jobs', () => {
  it('the scan finds a large and a waiting withdrawal and a transfer in UNKNOWN; each message goes once to each channel', async () => {
    await setAlerts();
    await env.sandbox.alerts.reset();
    const player = await registerPlayer(app());
    await addBankAccount(app(), player);
    await fundCredit(app(), env.agencyId(), player, 'gclub', 60_000n);
    // 100 THB at the demo buy rate is well over 50,000 kip
    const w = await openWithdrawal(player, '100');
    expect(await app().services.alerts.scan()).toBe(1);
    await app().worker.drain();
    let messages = await env.sandbox.alerts.messages();
    expect(messages.map((m) => `${m.service} ${m.to}`).sort()).toEqual([`line ${LINE_USER}`, 'telegram -100200300']);
    expect(messages[0]!.text).toMatch(
      new RegExp(`^\\[.+\\] Withdrawal ${w.transactionCode} by ${player.username}: [\\d,]+ kip, over 50,000 kip$`),
    );

    // the same withdrawal, still OPEN, found again by the next scans: nothing new
    expect(await app().services.alerts.scan()).toBe(0);
    // it has waited past the 10 minutes (its clock moved back): one more event, its own
    await queryRows(app().db, sql`UPDATE withdrawals SET created_at = now() - interval '11 minutes' WHERE id = ${w.id}`);
    // a transfer the transfer service flagged (unknown past TRANSFER_ATTENTION_MINUTES)
    const [transfer] = await queryRows<{ id: string; reference: string }>(
      app().db,
      sql`UPDATE provider_transfers SET status = 'PENDING', settled_at = NULL, needs_attention = true
           WHERE id = (SELECT id FROM provider_transfers WHERE player_id = ${player.playerId} ORDER BY created_at LIMIT 1)
         RETURNING id, reference`,
    );
    expect(await app().services.alerts.scan()).toBe(2);
    expect(await app().services.alerts.scan()).toBe(0);
    await app().worker.drain();
    messages = await env.sandbox.alerts.messages();
    expect(messages).toHaveLength(6);
    const texts = messages.filter((m) => m.service === 'line').map((m) => m.text);
    expect(texts).toContainEqual(expect.stringContaining(`has waited over 10 minutes`));
    expect(texts).toContainEqual(expect.stringContaining(`Transfer ${transfer!.reference}`));
    // the reconciliation's entry point: once per key, whatever the number of calls
    const diff = {
      kind: 'reconciliation' as const,
      key: 'reconciliation:bcel:2026-11-29',
      params: { detail: 'BCEL 2026-11-29: 1 payment not booked' },
    };
    expect(await raiseStaffAlert(app().db, env.agencyId(), diff)).toBe(true);
    expect(await raiseStaffAlert(app().db, env.agencyId(), diff)).toBe(false);
    await app().worker.drain();
    expect((await env.sandbox.alerts.messages()).filter((m) => m.text.includes('Reconciliation found a difference'))).toHaveLength(2);
    // put the transfer back for the next test of this file
    await queryRows(
      app().db,
      sql`UPDATE provider_transfers SET status = 'POSTED', settled_at = now(), needs_attention = false WHERE id = ${transfer!.id}`,
    );
  });

  it('a payment matching no order is an attention item, announced once', async () => {
    await setAlerts({ events: ['attention'] });
    await env.sandbox.alerts.reset();
    const [payment] = await queryRows<{ id: string }>(
      app().db,
      sql`INSERT INTO unmatched_payments (agency_id, gateway_reference, bank_reference, amount_lak, currency, paid_at, reason)
          VALUES (${env.agencyId()}, 'GW-ALERT-1', 'BANKREF-ALERT-1', 1250000, 'LAK', now(), 'NO_ORDER') RETURNING id`,
    );
    expect(await app().services.alerts.scan()).toBe(1);
    expect(await app().services.alerts.scan()).toBe(0);
    await app().worker.drain();
    const messages = await env.sandbox.alerts.messages();
    expect(messages.map((m) => m.text)).toEqual([
      expect.stringMatching(/Payment BANKREF-ALERT-1 \(1,250,000 kip\) matches no order: needs attention$/),
      expect.stringMatching(/Payment BANKREF-ALERT-1 \(1,250,000 kip\) matches no order: needs attention$/),
    ]);
    const [event] = await app()
      .db.select()
      .from(staffAlertEvents)
      .where(eq(staffAlertEvents.eventKey, `attention:unmatched:${payment!.id}`));
    expect(event).toMatchObject({ kind: 'attention', params: { what: 'unmatched_payment', code: 'BANKREF-ALERT-1' } });
  });

  it('a difference the bank reconciliation found is announced once, with its bank, day and reference', async () => {
    await setAlerts({ events: ['reconciliation'] });
    await env.sandbox.alerts.reset();
    const [difference] = await queryRows<{ id: string }>(
      app().db,
      sql`INSERT INTO bank_reconciliation_differences (agency_id, bank, kind, bank_reference, bank_amount_lak, paid_at, day)
          VALUES (${env.agencyId()}, 'jdb', 'NOT_CREDITED', 'JDB-RECON-ALERT-1', 4500000, now(), '2026-11-28') RETURNING id`,
    );
    expect(await app().services.alerts.scan()).toBe(1);
    expect(await app().services.alerts.scan()).toBe(0);
    await app().worker.drain();
    expect((await env.sandbox.alerts.messages()).map((m) => m.text)).toEqual([
      expect.stringContaining('JDB 2026-11-28 NOT_CREDITED JDB-RECON-ALERT-1 (4,500,000 kip)'),
      expect.stringContaining('JDB 2026-11-28 NOT_CREDITED JDB-RECON-ALERT-1 (4,500,000 kip)'),
    ]);
    const [event] = await app()
      .db.select()
      .from(staffAlertEvents)
      .where(eq(staffAlertEvents.eventKey, `reconciliation_difference:${difference!.id}`));
    expect(event).toMatchObject({ kind: 'reconciliation' });
    await app().db.execute(
      sql`UPDATE bank_reconciliation_differences SET resolved_at = now(), resolution = 'RESOLVED' WHERE id = ${difference!.id}`,
    );
  });

  it('an event off, or no channel, raises nothing', async () => {
    await setAlerts({ events: ['attention'] });
    expect(
      await raiseStaffAlert(app().db, env.agencyId(), { kind: 'reconciliation', key: 'reconciliation:off', params: { detail: 'x' } }),
    ).toBe(false);
    await setAlerts({ telegram: null, line: null });
    expect(
      await raiseStaffAlert(app().db, env.agencyId(), { kind: 'reconciliation', key: 'reconciliation:none', params: { detail: 'x' } }),
    ).toBe(false);
    const raised = await app().db.select().from(staffAlertEvents).where(like(staffAlertEvents.eventKey, 'reconciliation:%'));
    expect(raised.map((e) => e.eventKey)).toEqual(['reconciliation:bcel:2026-11-29']);
  });

  it('a failing Telegram is retried, LINE is not held by it, and a deposit is credited meanwhile', async () => {
    await setAlerts({ language: 'lo' });
    await env.sandbox.alerts.reset();
    await env.sandbox.alerts.fault({ service: 'telegram', status: 500, times: 2 });
    expect(
      await raiseStaffAlert(app().db, env.agencyId(), { kind: 'reconciliation', key: 'reconciliation:retry', params: { detail: 'LVB' } }),
    ).toBe(true);
    await app().worker.drain();
    // LINE took it; Telegram answered 500 and its job waits for a retry
    expect((await env.sandbox.alerts.messages()).map((m) => m.service)).toEqual(['line']);
    let waiting = await pendingAlertJobs();
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.lastError).toBe('telegram 500: Internal Server Error');

    // Telegram throttles every message now: a deposit paid meanwhile is credited all the same
    await env.sandbox.alerts.fault({ service: 'telegram', status: 429 });
    const player = await registerPlayer(app());
    await addBankAccount(app(), player);
    const orderId = await payDeposit(app(), env.sandbox.url, player, 70_000);
    await app().worker.drain({ skipBackoff: true, maxRounds: 3 });
    const [order] = await app().db.select().from(depositOrders).where(eq(depositOrders.id, orderId));
    expect(order!.status).toBe('SUCCESS');
    await env.expectAgreement(player);
    waiting = await pendingAlertJobs();
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.lastError).toBe('telegram 429: Too Many Requests: retry after 1');
    expect(waiting[0]!.attempts).toBeGreaterThanOrEqual(3);
    // Telegram's retry_after is kept: due again about a second later, not at once
    const [due] = await queryRows<{ in_ms: number }>(
      app().db,
      sql`SELECT extract(epoch FROM run_at - now()) * 1000 AS in_ms FROM jobs WHERE id = ${waiting[0]!.id}`,
    );
    expect(Number(due!.in_ms)).toBeGreaterThan(0);

    // Telegram back: the message goes, once, in the agency's language
    await env.sandbox.alerts.reset();
    await app().worker.drain({ skipBackoff: true });
    const messages = await env.sandbox.alerts.messages();
    expect(messages.map((m) => m.service)).toEqual(['telegram']);
    expect(messages[0]!.text).toContain('ການກະທົບຍອດພົບຄວາມແຕກຕ່າງ: LVB');
    expect(await pendingAlertJobs()).toEqual([]);
    const [s] = await app().db.select().from(staffAlertSettings).where(eq(staffAlertSettings.agencyId, env.agencyId()));
    expect(s!.language).toBe('lo');
  });
});
