import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { RECENT_ORDERS_SHOWN, type StaffRole, type WithdrawalPlayerResponse } from '@app/contracts';
import { queryRows } from '../../../db/client.js';
import { createAgency } from '../../../test/agencies.js';
import { useServerAndSandbox } from '../../../test/server-and-sandbox.js';
import { cancelWithdrawal, openWithdrawal, staffLogin, withdraw } from '../../withdrawals/withdrawals.test-helpers.js';

const env = useServerAndSandbox({ RATE_LIMIT_ENABLED: 'false' });
const app = () => env.ctx.app;

const get = (cookie: string, id: string, host = 'localhost') =>
  app().inject({ url: `/api/v2/backoffice/withdrawals/${id}/player`, headers: { host, cookie } });

describe('the player behind a withdrawal, for the decision dialog', () => {
  it('lists the latest deposits and withdrawals newest first with their status, the live credit and the kip account', async () => {
    const { player, id: first } = await openWithdrawal(app(), env.agencyId(), '100');
    await cancelWithdrawal(app(), player, first);
    const second = (await withdraw(app(), player, { providerId: 'gclub', amount: '150' })).json().withdrawal.id as string;
    // a deposit of the player's (the QR order, still OPEN)
    const dep = await app().inject({
      method: 'POST',
      url: '/api/v2/deposits',
      headers: { host: 'localhost', cookie: player.cookie },
      payload: { providerId: 'alphabet', mid: 'DEMO-LAK-001', bank: 'bcel', amount: '100000' },
    });
    expect(dep.statusCode, dep.body).toBe(201);

    const finance = await staffLogin(app(), env.agencyId(), 'finance');
    const res = await get(finance.cookie, second);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as WithdrawalPlayerResponse;
    expect(body.playerId).toBe(player.playerId);
    expect(body.recentOrders.map((o) => [o.kind, o.status, o.credit])).toEqual([
      ['deposit', 'OPEN', expect.any(String)],
      ['withdrawal', 'OPEN', '150.00'],
      ['withdrawal', 'CANCELED', '100.00'],
    ]);
    expect(body.recentOrders[0]).toMatchObject({ amountLak: '100000', providerId: 'alphabet', id: dep.json().order.id });
    // 600 THB funded, 150 out in the OPEN withdrawal (the cancelled one came back)
    expect(body.credits).toContainEqual({ providerId: 'gclub', amount: '450.00' });
    const [account] = await queryRows<{ account_number: string }>(
      app().db,
      sql`SELECT account_number FROM player_bank_accounts WHERE player_id = ${player.playerId}`,
    );
    expect(body.bankAccount).toMatchObject({ bank: 'bcel', accountNumber: account!.account_number, currency: 'LAK' });
  });

  it(`shows at most ${RECENT_ORDERS_SHOWN} orders, the newest`, async () => {
    const { player, id: first } = await openWithdrawal(app(), env.agencyId(), '100');
    let last = first;
    // withdrawn and cancelled again and again: one more than shown
    for (let i = 1; i <= RECENT_ORDERS_SHOWN; i += 1) {
      expect((await cancelWithdrawal(app(), player, last)).statusCode).toBe(200);
      const res = await withdraw(app(), player, { providerId: 'gclub', amount: String(100 + i) });
      expect(res.statusCode, res.body).toBe(201);
      last = res.json().withdrawal.id;
    }
    const owner = await staffLogin(app(), env.agencyId(), 'owner');
    const orders = (await get(owner.cookie, last)).json().recentOrders as { id: string; credit: string }[];
    expect(orders).toHaveLength(RECENT_ORDERS_SHOWN);
    expect(orders[0]).toMatchObject({ id: last, credit: `${100 + RECENT_ORDERS_SHOWN}.00` });
    // the oldest is cut
    expect(orders.some((o) => o.id === first)).toBe(false);
  });

  it.each<[StaffRole, number]>([
    ['owner', 200],
    ['finance', 200],
    ['support', 403],
  ])('follows the queue: %s gets %i', async (role, status) => {
    const { id } = await openWithdrawal(app(), env.agencyId(), '100');
    const staff = await staffLogin(app(), env.agencyId(), role);
    expect((await get(staff.cookie, id)).statusCode).toBe(status);
  });

  it("is 404 for another agency's withdrawal or none, 400 for a malformed id, 401 for a player", async () => {
    const { player, id } = await openWithdrawal(app(), env.agencyId(), '100');
    const host = 'wp-elsewhere.example';
    const agencyId = await createAgency(app(), 'wp-elsewhere', host);
    const stranger = await staffLogin(app(), agencyId, 'owner', host);
    const theirs = await get(stranger.cookie, id, host);
    expect([theirs.statusCode, theirs.json().error.code]).toEqual([404, 'NOT_FOUND']);
    const finance = await staffLogin(app(), env.agencyId(), 'finance');
    expect((await get(finance.cookie, randomUUID())).statusCode).toBe(404);
    expect((await get(finance.cookie, 'not-a-uuid')).statusCode).toBe(400);
    expect((await get(player.cookie, id)).statusCode).toBe(401);
  });
});
