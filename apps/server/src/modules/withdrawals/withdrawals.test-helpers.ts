import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { StaffRole } from '@app/contracts';
import { houseAccount } from '../../ledger/ledger.js';
import type { TestPlayer } from '../../test/players.js';
import { settleTestKind, TEST_FUND_KIND } from '../../test/transfer-kinds.js';
import { createPasswordHasher } from '../accounts/passwords.js';
import { createStaffUser } from '../backoffice/staff-users.js';

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

export function cancelWithdrawal(app: FastifyInstance, p: TestPlayer, id: string) {
  return app.inject({ method: 'POST', url: `/api/v2/withdrawals/${id}/cancel`, headers: { host: 'localhost', cookie: p.cookie } });
}

export interface TestStaff {
  username: string;
  password: string;
  cookie: string;
}

/** A staff member of the agency, created directly and logged in through the route. */
export async function staffLogin(app: FastifyInstance, agencyId: string, role: StaffRole, host = 'localhost'): Promise<TestStaff> {
  const username = `s${randomBytes(4).toString('hex')}`;
  const password = `pw-${randomBytes(6).toString('hex')}`;
  await createStaffUser(app.db, createPasswordHasher(app.config), { agencyId, username, password, role });
  const res = await app.inject({ method: 'POST', url: '/api/v2/backoffice/login', headers: { host }, payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`staff login: ${res.statusCode} ${res.body}`);
  const cookie = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('staff_sid='));
  if (!cookie) throw new Error('no staff cookie');
  return { username, password, cookie: cookie.split(';')[0]! };
}

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
