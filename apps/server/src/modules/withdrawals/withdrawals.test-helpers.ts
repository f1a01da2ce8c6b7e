import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { houseAccount } from '../../ledger/ledger.js';
import { registerPlayer, type TestPlayer } from '../../test/players.js';
import { settleTestKind, TEST_FUND_KIND } from '../../test/transfer-kinds.js';

/**
 * Credit at a provider the way a paid deposit puts it there (EXCHANGE(THB) → provider through the
 * transfer path), settled by the worker. For tests that are about withdrawing, not depositing.
 */
export async function fundCredit(app: FastifyInstance, agencyId: string, p: TestPlayer, providerId: string, amount: bigint) {
  settleTestKind(app, TEST_FUND_KIND);
  await app.db.transaction(async (tx) => {
    const exchange = await houseAccount(tx, { agencyId, playerId: p.playerId, type: 'EXCHANGE', currency: 'THB' });
    await app.transfers.request(tx, {
      agencyId,
      playerId: p.playerId,
      username: p.username,
      providerId,
      direction: 'IN',
      amount,
      reference: `test-fund:${randomUUID()}`,
      kind: TEST_FUND_KIND,
      counterAccountId: exchange,
    });
  });
  await app.worker.drain({ skipBackoff: true });
}

let accountSerial = 0;
/** Gives the player a (unique) BCEL account through the real route. */
export async function addBankAccount(app: FastifyInstance, p: TestPlayer, host = 'localhost') {
  accountSerial += 1;
  const accountNumber = `0101${String(100_000_000 + accountSerial + Math.floor(Math.random() * 1e8))}`.slice(0, 13);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v2/players/bank-accounts',
    headers: { host, cookie: p.cookie },
    payload: { bank: 'bcel', accountNumber, accountName: `Test ${p.username}`, currency: 'LAK', owner: true },
  });
  if (res.statusCode !== 201) throw new Error(`bank account: ${res.statusCode} ${res.body}`);
}

export function withdraw(app: FastifyInstance, p: TestPlayer, body: object, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/v2/withdrawals',
    headers: { host: 'localhost', cookie: p.cookie, ...headers },
    payload: body,
  });
}

/** A new player with a bank account and 600 THB at gclub, and its withdrawal of `amount` THB, OPEN in the queue. */
export async function openWithdrawal(app: FastifyInstance, agencyId: string, amount: string): Promise<{ player: TestPlayer; id: string }> {
  const player = await registerPlayer(app);
  await addBankAccount(app, player);
  await fundCredit(app, agencyId, player, 'gclub', 60_000n);
  const res = await withdraw(app, player, { providerId: 'gclub', amount });
  if (res.json().withdrawal?.status !== 'OPEN') throw new Error(`withdrawal: ${res.statusCode} ${res.body}`);
  return { player, id: res.json().withdrawal.id };
}

export function cancelWithdrawal(app: FastifyInstance, p: TestPlayer, id: string) {
  return app.inject({ method: 'POST', url: `/api/v2/withdrawals/${id}/cancel`, headers: { host: 'localhost', cookie: p.cookie } });
}

/** staff sign in past the second factor through the one helper of the server tests */
export { staffLogin, type TestStaff } from '../../test/staff.js';

export function decide(
  app: FastifyInstance,
  staff: { cookie: string },
  id: string,
  action: 'approve' | 'reject',
  body: object,
  host = 'localhost',
) {
  return app.inject({
    method: 'POST',
    url: `/api/v2/backoffice/withdrawals/${id}/${action}`,
    headers: { host, cookie: staff.cookie },
    payload: body,
  });
}
