import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLedgerCheck } from '../ledger/check-record.js';
import { enqueue } from '../jobs/queue.js';
import { createTestApp, type TestContext } from '../test/app.js';
import { registerPlayer } from '../test/players.js';
import { freePort } from '../test/release.js';
import { startMetricsListener } from './listener.js';
import { observeOutboundCall } from './outbound.js';
import { processRegistry } from './registry.js';

/** The value of one series of the scrape, or undefined when it is absent. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('metrics', () => {
  it('counts requests by route pattern and status, never by the URL sent', async () => {
    const id = randomUUID();
    await ctx.app.inject({ url: `/api/v2/backoffice/withdrawals/${id}`, headers: { host: 'localhost' } });
    await ctx.app.inject({ url: '/api/v2/agency/info', headers: { host: 'localhost' } });
    // the process's own counters: the database's figures are read once, by the test below
    const text = await processRegistry.metrics();
    expect(valueOf(text, 'laocredit_http_requests_total{method="GET",route="/api/v2/agency/info",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(id);
    expect(text).toContain(
      'laocredit_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/v2/agency/info",status="200"}',
    );
  });

  it('counts bank and provider calls by adapter, operation and outcome, with their latency', async () => {
    const call = { kind: 'provider', adapter: 'metrics_test', operation: 'transfer' } as const;
    await observeOutboundCall(call, async () => ({ status: 200 }));
    await observeOutboundCall(call, async () => ({ status: 503 }));
    const timeout = Object.assign(new Error('slow'), { name: 'TimeoutError' });
    await expect(observeOutboundCall(call, () => Promise.reject(timeout))).rejects.toBe(timeout);
    await expect(observeOutboundCall(call, () => Promise.reject(new Error('ECONNREFUSED')))).rejects.toThrow('ECONNREFUSED');
    const text = await processRegistry.metrics();
    const series = (outcome: string) =>
      valueOf(text, `laocredit_outbound_calls_total{kind="provider",adapter="metrics_test",operation="transfer",outcome="${outcome}"}`);
    expect([series('ok'), series('http_5xx'), series('timeout'), series('error')]).toEqual([1, 1, 1, 1]);
    expect(
      valueOf(
        text,
        'laocredit_outbound_call_duration_seconds_count{kind="provider",adapter="metrics_test",operation="transfer",outcome="ok"}',
      ),
    ).toBe(1);
  });

  it('counts failed and throttled logins', async () => {
    const before = valueOf(await processRegistry.metrics(), 'laocredit_login_failures_total{kind="player"}') ?? 0;
    const player = await registerPlayer(ctx.app);
    const attempt = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v2/players/login',
        remoteAddress: '10.200.0.1',
        headers: { host: 'localhost' },
        payload: { username: player.username, password: 'not-the-password' },
      });
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await attempt()).statusCode);
    // five failures from one client on one account, then the throttle (plugins/login-throttle.ts)
    expect(codes.slice(0, 5).every((c) => c !== 429)).toBe(true);
    expect(codes[5]).toBe(429);
    const text = await processRegistry.metrics();
    expect(valueOf(text, 'laocredit_login_failures_total{kind="player"}')).toBe(before + 5);
    expect(valueOf(text, 'laocredit_login_throttled_total{kind="player"}')).toBeGreaterThanOrEqual(1);
  });

  it('reads the figures to act on from the database: jobs waiting, OPEN withdrawals, the last ledger check', async () => {
    const player = await registerPlayer(ctx.app);
    await enqueue(ctx.app.db, { type: 'metrics-test', payload: {} });
    await ctx.app.db.execute(sql`INSERT INTO withdrawals
      (id, agency_id, player_id, transaction_code, provider_id, status, total_credit, credit_received, amount_lak, rate, bank, account_number, account_name, created_at)
      VALUES (${randomUUID()}, ${ctx.database.agencyId}, ${player.playerId}, 'W-METRICS-1', 'gclub', 'OPEN', 100, 100, 70000, 700, 'BCEL', '0101', 'A', now() - interval '90 seconds')`);
    await runLedgerCheck(ctx.app.db);
    const text = await ctx.app.metrics.scrape();
    expect(valueOf(text, 'laocredit_jobs_waiting{type="metrics-test"}')).toBe(1);
    expect(valueOf(text, 'laocredit_withdrawals_open{agency="demo"}')).toBe(1);
    expect(valueOf(text, 'laocredit_withdrawals_open_oldest_age_seconds{agency="demo"}')).toBeGreaterThanOrEqual(90);
    expect(valueOf(text, 'laocredit_ledger_check_problems')).toBe(0);
    expect(valueOf(text, 'laocredit_ledger_check_timestamp_seconds')).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(text).toContain('# TYPE laocredit_deposits_paid_uncredited gauge');
    expect(text).toContain('# TYPE laocredit_transfers_unknown gauge');
    if (ctx.database.kind === 'postgres') expect(valueOf(text, 'laocredit_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
  });

  it('serves /metrics on its own listener, and not on the public port', async () => {
    const port = await freePort();
    const listener = await startMetricsListener(ctx.app, { METRICS_HOST: '127.0.0.1', METRICS_PORT: port });
    try {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      expect(await res.text()).toContain('laocredit_http_requests_total');
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    } finally {
      await listener!.close();
    }
    const publicPort = await ctx.app.inject({ url: '/metrics', headers: { host: 'localhost' } });
    expect(publicPort.body).not.toContain('laocredit_http_requests_total');
    expect(await startMetricsListener(ctx.app, { METRICS_HOST: '127.0.0.1', METRICS_PORT: 0 })).toBeNull();
  });
});
