import { beforeAll, describe, expect, it } from 'vitest';
import { payLaoQr } from '../../test/bank.js';
import { registerPlayer, type TestPlayer } from '../../test/players.js';
import { countStatements, type StatementCounter } from '../../test/statements.js';
import { sendCallback, useDepositCallbacks } from './deposits.test-helpers.js';

/**
 * The statements the server sends its database for one settlement, callback to SUCCESS, counted at
 * the driver as `statements-per-call.test.ts` counts them (`test/statements.ts`: the same on both
 * engines, BEGIN and COMMIT included, one round trip each). One order at a time: the groups of a busy
 * server hold the same statements for many orders. Each statement is a round trip and a plan or
 * execution in PostgreSQL: a change that adds one fails here, naming it.
 */
const BUDGET = { plain: 14, promotion: 16 };

const { env, call, openDeposit, orderOf } = useDepositCallbacks();
let counter: StatementCounter;

beforeAll(() => {
  counter = countStatements(env.ctx.database);
});

/** Runs `fn` with every statement the app's database is sent recorded; answers them, in order. */
async function statementsOf(fn: () => Promise<void>): Promise<string[]> {
  counter.start();
  try {
    await fn();
  } catch (err) {
    // stopped on a failure too: the next test's statements are not counted with these
    counter.stop();
    throw err;
  }
  return counter.stop();
}

async function paidOrder(p: TestPlayer) {
  const d = await openDeposit(p, '150000');
  const bank = await payLaoQr(env.sandbox.url, d.payload);
  return { d, notice: { reference: d.reference, bankReference: bank.bankReference, amount: '150000' } };
}

async function settleCounted(p: TestPlayer) {
  const { d, notice } = await paidOrder(p);
  const statements = await statementsOf(async () => {
    expect((await sendCallback(env.ctx.app, notice)).statusCode).toBe(202);
    // what this process does for the callback; the worker's polls (a fallback) are not the settlement's
    await env.ctx.app.services.deposits.confirmations.idle();
    await env.ctx.app.transfers.idle();
  });
  expect((await orderOf(p, d.order.id)).status).toBe('SUCCESS');
  return statements;
}

const named = (statements: string[]) => statements.map((q, i) => `${i + 1}. ${q.slice(0, 140)}`).join('\n');

describe('statements per settlement', () => {
  it(`a deposit settles in at most ${BUDGET.plain} statements`, async () => {
    const statements = await settleCounted(await registerPlayer(env.ctx.app));
    expect(statements.length, `statements per settlement:\n${named(statements)}`).toBeLessThanOrEqual(BUDGET.plain);
  });

  it(`a deposit with a promotion's bonus settles in at most ${BUDGET.promotion} statements`, async () => {
    const p = await registerPlayer(env.ctx.app);
    const account = await call(p, 'POST', '/v2/players/bank-accounts', {
      bank: 'bcel',
      accountNumber: '0101777000111',
      accountName: 'Statements Test',
      currency: 'LAK',
      owner: true,
    });
    expect(account.statusCode, account.body).toBe(201);
    const list = (await call(p, 'GET', '/v2/promotions')).json() as { promotions: { id: string; code: string }[] };
    const first = list.promotions.find((x) => x.code === 'FIRST100')!;
    const used = await call(p, 'POST', '/v2/promotions/use', { promotionId: first.id, providerId: 'gclub' });
    expect(used.statusCode, used.body).toBe(201);
    const statements = await settleCounted(p);
    expect(statements.length, `statements per settlement with a bonus:\n${named(statements)}`).toBeLessThanOrEqual(BUDGET.promotion);
  });
});
