import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addBankAccount, fundCredit } from './modules/withdrawals/withdrawals.test-helpers.js';
import { loginPlayer, registerPlayer, type TestPlayer } from './test/players.js';
import { useServerAndSandbox } from './test/server-and-sandbox.js';
import { countStatements, type StatementCounter } from './test/statements.js';

/**
 * The statements the server sends for each hot call of a player (issue #34: under load the server's
 * CPU and PostgreSQL's go per statement and round trip), counted at the driver, BEGIN and COMMIT
 * included, on warm caches as a busy instance has them. Each is held at today's figure: lower a
 * figure when a call takes fewer, never raise one without a reason written beside it.
 */
const BUDGET: Record<string, number> = {
  'POST /v2/players/login': 4,
  'GET /v2/players/info': 1,
  'GET /v2/players/credits/gclub': 1,
  'GET /v2/deposits/open': 1,
  'POST /v2/deposits': 10,
  'GET /v2/players/info after a POST': 0,
  'GET /v2/promotions': 0,
  'POST /v2/games/gclub/launch': 3,
  'POST /v2/withdrawals': 27,
};

const MID = 'DEMO-LAK-001';
// the session cache on, as in production: the calls of a page after the first cost no lookup. At its
// longest (60 s; production's 10): one run on a loaded machine counted a withdrawal with a session
// lookup (28 statements against 27), most likely a visit that outlasted the 10 s
const env = useServerAndSandbox({ SESSION_CACHE_SECONDS: '60', PUBLIC_URL: 'http://127.0.0.1:9' });
let counter: StatementCounter;

beforeAll(async () => {
  counter = countStatements(env.ctx.database);
  // callbacks go nowhere: no payment is made here, and nothing arrives while a call is counted
  await fetch(`${env.sandbox.url}/bank/_faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"noCallback":true}',
  });
});

async function readyPlayer(): Promise<TestPlayer> {
  const p = await registerPlayer(env.ctx.app);
  await addBankAccount(env.ctx.app, p);
  await fundCredit(env.ctx.app, env.agencyId(), p, 'gclub', 50_000n);
  return p;
}

/** One player's visit through the hot calls; each call's statements under its name. */
async function visit(registered: TestPlayer): Promise<Map<string, string[]>> {
  const counted = new Map<string, string[]>();
  const app = env.ctx.app;
  let cookie = '';
  const call = async (name: string, method: 'GET' | 'POST', url: string, payload?: object, keyed = false) => {
    counter.start();
    const res = await app.inject({
      method,
      url: `/api${url}`,
      headers: { host: 'localhost', cookie, ...(keyed ? { 'idempotency-key': randomBytes(8).toString('hex') } : {}) },
      ...(payload === undefined ? {} : { payload }),
    });
    counted.set(name, counter.stop());
    expect(res.statusCode, `${name}: ${res.body}`).toBeLessThan(300);
    return res;
  };
  counter.start();
  const p = await loginPlayer(app, registered.username, registered.password);
  counted.set('POST /v2/players/login', counter.stop());
  cookie = p.cookie;
  await call('GET /v2/players/info', 'GET', '/v2/players/info');
  await call('GET /v2/players/credits/gclub', 'GET', '/v2/players/credits/gclub');
  await call('GET /v2/promotions', 'GET', '/v2/promotions');
  const games = await app.inject({ url: '/api/v2/games/gclub', headers: { host: 'localhost', cookie } });
  const gameId = (games.json() as { games: { id: string }[] }).games[0]!.id;
  await call('POST /v2/games/gclub/launch', 'POST', '/v2/games/gclub/launch', { gameId, language: 'lo' });
  await call('POST /v2/withdrawals', 'POST', '/v2/withdrawals', { providerId: 'gclub', amount: '100' }, true);
  await call('GET /v2/deposits/open', 'GET', '/v2/deposits/open');
  const deposit = { providerId: 'gclub', mid: MID, bank: 'bcel', amount: '150000' };
  await call('POST /v2/deposits', 'POST', '/v2/deposits', deposit, true);
  await call('GET /v2/players/info after a POST', 'GET', '/v2/players/info');
  return counted;
}

const overBudget = (counted: Map<string, string[]>) =>
  Object.entries(BUDGET)
    .map(([name, limit]) => ({ name, limit, sent: counted.get(name) ?? [] }))
    .filter(({ sent, limit }) => sent.length > limit);

describe('statements per call', () => {
  let counted: Map<string, string[]>;
  beforeAll(async () => {
    // the first visit warms what an instance under load has warm (prepared statements, the caches)
    await visit(await readyPlayer());
    counted = await visit(await readyPlayer());
    // a statement of the instance's own (a notification's cache invalidation, a timer) can fall inside a
    // call's count on a loaded machine: a call over its budget is counted once more, on another visit, and
    // keeps its lower count; a call that is really over stays over in both
    if (overBudget(counted).length > 0) {
      const again = await visit(await readyPlayer());
      for (const [name, sent] of again) if (sent.length < (counted.get(name)?.length ?? Infinity)) counted.set(name, sent);
    }
  });

  it('holds each hot call of a player to its budget of statements', () => {
    const report = overBudget(counted).map(
      ({ name, limit, sent }) =>
        `${name}: ${sent.length} statements, budget ${limit}\n${sent.map((s) => `  ${s.slice(0, 160)}`).join('\n')}`,
    );
    expect(report.join('\n'), 'calls over their budget of statements').toBe('');
    expect([...counted.keys()].sort()).toEqual(Object.keys(BUDGET).sort());
  });

  // every order of the agency takes its code counter's row: held from the code to the commit, it is a
  // queue for all of them (decision 181), so the order's insert alone may come between
  it("locks the agency's code counter for the order's insert and the commit only", () => {
    for (const [name, table] of [
      ['POST /v2/deposits', 'deposit_orders'],
      ['POST /v2/withdrawals', 'withdrawals'],
    ] as const) {
      const sent = counted.get(name)!;
      const at = sent.findIndex((s) => s.includes('transaction_code_sequences'));
      expect(at, `${name}: its code`).toBeGreaterThanOrEqual(0);
      const after = sent.slice(at + 1, at + 3);
      expect(after[0], `${name}: after the code`).toMatch(new RegExp(`^insert into "${table}"`, 'i'));
      expect(after[1], `${name}: then`).toMatch(/^commit$/i);
    }
  });
});
