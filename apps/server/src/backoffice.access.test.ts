import { describe, expect, it } from 'vitest';
import { STAFF_ROLES, type StaffRole } from '@app/contracts';
import { makePromotion } from './modules/promotions/promotions.test-helpers.js';
import { addBankAccount, fundCredit, withdraw } from './modules/withdrawals/withdrawals.test-helpers.js';
import { createAgency } from './test/agencies.js';
import { openApiOperations, operationUrl, type Operation } from './test/openapi.js';
import { exampleOf } from './test/openapi-values.js';
import { registerPlayer } from './test/players.js';
import { useServerAndSandbox } from './test/server-and-sandbox.js';
import { staffLogin, staffPasswordOnly } from './test/staff.js';

/**
 * Every /v2/backoffice route of the OpenAPI document (the ones added later included) against the
 * roles it declares (`x-staff-roles`, plugins/staff-access.ts; decision 050): each role past the
 * second factor is let through or refused 403 STAFF_FORBIDDEN as declared; a session that has not
 * passed the second factor reaches only the routes marked `x-staff-before-second-factor`; another
 * agency's staff find nothing of this agency (404 on its ids); a player session and no session: 401.
 * Limits are off: a 429 would hide what the route itself answers.
 */
const env = useServerAndSandbox({ RATE_LIMIT_ENABLED: 'false' });
const app = () => env.ctx.app;

const OTHER_HOST = 'elsewhere.example';
const NOBODYS_ID = '00000000-0000-4000-8000-00000000beef';
const BACKOFFICE = '/api/v2/backoffice/';
/** what a refusal by the access check answers; anything else means the route itself was reached */
const ACCESS_CODES = ['UNAUTHORIZED', 'STAFF_FORBIDDEN', 'STAFF_SECOND_FACTOR_REQUIRED'];

interface Caller {
  name: string;
  host: string;
  cookie: string;
  /** the code this caller must get from `op`, or null when the route must be reached */
  expected(op: Operation): string | null;
}

const rolesOf = (op: Operation) => op.extensions['x-staff-roles'] as StaffRole[] | undefined;
const isPublic = (op: Operation) => op.extensions['x-staff-public'] === true;
const beforeSecondFactor = (op: Operation) => op.extensions['x-staff-before-second-factor'] === true;

async function call(caller: Pick<Caller, 'host' | 'cookie'>, op: Operation, ids: Record<string, string>, n: number) {
  const path = Object.fromEntries(
    op.params
      .filter((p) => p.in === 'path')
      .map((p) => [
        p.name,
        ids[op.path.split(`/{${p.name}}`)[0]!.split('/').pop()!] ?? (p.schema.format === 'uuid' ? NOBODYS_ID : String(exampleOf(p.schema))),
      ]),
  );
  const query = Object.fromEntries(op.params.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, exampleOf(p.schema)]));
  const body = op.body ? exampleOf(op.body) : undefined;
  return app().inject({
    method: op.method,
    url: operationUrl(op, path, query),
    remoteAddress: `10.8.${n >> 8}.${n & 255}`,
    headers: { host: caller.host, ...(caller.cookie ? { cookie: caller.cookie } : {}) },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

describe('roles on every back-office route', () => {
  it('answers each caller as the route declares', async () => {
    const operations = (await openApiOperations(app())).filter((op) => op.path.startsWith(BACKOFFICE));
    expect(operations.length).toBeGreaterThanOrEqual(20);
    // every route declares who may call it (the app refuses to start otherwise: this is the document's side)
    expect(operations.filter((op) => !rolesOf(op)).map((op) => op.name)).toEqual([]);
    expect(
      operations
        .filter(isPublic)
        .map((op) => op.name)
        .sort(),
    ).toEqual([
      'POST /api/v2/backoffice/invitation',
      'POST /api/v2/backoffice/invitation/accept',
      'POST /api/v2/backoffice/login',
      'POST /api/v2/backoffice/logout',
    ]);
    // support never reaches money (DESIGN.md §9)
    const money = operations.filter((op) => /withdrawals|deposits|rates|promotion/.test(op.path));
    expect(money.length).toBeGreaterThan(0);
    expect(money.filter((op) => rolesOf(op)!.includes('support') && op.method !== 'GET').map((op) => op.name)).toEqual([]);

    const callers: Caller[] = [];
    for (const role of STAFF_ROLES) {
      const { cookie } = await staffLogin(app(), env.agencyId(), role);
      callers.push({ name: role, host: 'localhost', cookie, expected: (op) => (rolesOf(op)!.includes(role) ? null : 'STAFF_FORBIDDEN') });
    }
    for (const role of ['owner', 'finance'] as const) {
      const { cookie } = await staffPasswordOnly(app(), env.agencyId(), role);
      callers.push({
        name: `${role} with the password only`,
        host: 'localhost',
        cookie,
        expected: (op) => (beforeSecondFactor(op) ? null : 'STAFF_SECOND_FACTOR_REQUIRED'),
      });
    }
    callers.push(
      { name: 'a player', host: 'localhost', cookie: (await registerPlayer(app())).cookie, expected: () => 'UNAUTHORIZED' },
      { name: 'anonymous', host: 'localhost', cookie: '', expected: () => 'UNAUTHORIZED' },
    );
    const otherAgencyId = await createAgency(app(), 'elsewhere', OTHER_HOST);
    const stranger = await staffLogin(app(), otherAgencyId, 'owner', OTHER_HOST);
    callers.push({
      name: "another agency's owner at this agency's host",
      host: 'localhost',
      cookie: stranger.cookie,
      expected: () => 'UNAUTHORIZED',
    });

    const failures: string[] = [];
    let n = 0;
    for (const caller of callers) {
      for (const op of operations.filter((o) => !isPublic(o))) {
        const res = await call(caller, op, {}, n++);
        // a CSV route let through answers its CSV (the reports default to this month): no error code
        const json = String(res.headers['content-type']).startsWith('application/json');
        const code = json ? ((res.json() as { error?: { code?: string } }).error?.code ?? null) : null;
        const want = caller.expected(op);
        const where = `${caller.name}: ${op.name} → ${res.statusCode} ${code ?? ''}`;
        if (res.statusCode >= 500) failures.push(`${where} (5xx)`);
        else if (want === null && code !== null && ACCESS_CODES.includes(code)) failures.push(`${where}, expected to be let through`);
        else if (want !== null && code !== want) failures.push(`${where}, expected ${want}`);
      }
    }
    console.info(`backoffice access: ${operations.length} routes, ${callers.length} callers, ${n} calls`);
    expect(failures).toEqual([]);
  });

  it("shows another agency's staff nothing of this agency: 404 on its ids", async () => {
    const operations = (await openApiOperations(app())).filter((op) => op.path.startsWith(BACKOFFICE) && !isPublic(op));
    const player = await registerPlayer(app());
    await addBankAccount(app(), player);
    await fundCredit(app(), env.agencyId(), player, 'gclub', 60_000n);
    const withdrawal = (await withdraw(app(), player, { providerId: 'gclub', amount: '250' })).json().withdrawal.id as string;
    const promotion = (await makePromotion(app(), env.agencyId(), { bonus: { kind: 'FIXED', amount: '20' } })).id;
    const colleague = await staffLogin(app(), env.agencyId(), 'support');
    const ids: Record<string, string> = {
      withdrawals: withdrawal,
      promotions: promotion,
      players: player.playerId,
      'staff-users': colleague.id,
    };
    const secrets = [...Object.values(ids), player.username, colleague.username];
    const otherAgencyId = await createAgency(app(), 'faraway', 'faraway.example');
    const failures: string[] = [];
    let n = 0;
    for (const role of STAFF_ROLES) {
      const stranger = await staffLogin(app(), otherAgencyId, role, 'faraway.example');
      for (const op of operations.filter((o) => rolesOf(o)!.includes(role))) {
        const res = await call({ host: 'faraway.example', cookie: stranger.cookie }, op, ids, n++);
        const where = `another agency's ${role}: ${op.name} → ${res.statusCode}`;
        const aimed = Object.keys(ids).some((resource) => op.path.includes(`/${resource}/{`));
        if (res.statusCode >= 500) failures.push(`${where} (5xx)`);
        if (aimed && res.statusCode < 300) failures.push(`${where} on this agency's ids`);
        if (aimed && op.method === 'GET' && res.statusCode !== 404) failures.push(`${where}, expected 404`);
        const leaked = secrets.filter((s) => res.body.includes(s));
        if (leaked.length) failures.push(`${where} carries ${leaked.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
