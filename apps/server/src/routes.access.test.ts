import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FINGERPRINT_HEADER, STAFF_ROLES, type StaffRole } from '@app/contracts';
import { queryRows } from './db/client.js';
import { makePromotion, payDeposit, usePromotion } from './modules/promotions/promotions.test-helpers.js';
import { addBankAccount, staffLogin, withdraw } from './modules/withdrawals/withdrawals.test-helpers.js';
import { openApiOperations, operationUrl, type JsonSchema, type Operation } from './test/openapi.js';
import { exampleOf } from './test/openapi-values.js';
import { registerPlayer } from './test/players.js';
import { useServerAndSandbox } from './test/server-and-sandbox.js';
import { createAgency } from './test/agencies.js';

/**
 * Access control over every route of the OpenAPI document (docs/decisions/061-proofs-under-faults.md):
 * a victim player with a deposit, a withdrawal, a bank account and a promotion usage; each operation
 * called with the victim's ids by everyone who is not the victim and may not act for it. No answer is
 * 5xx or carries the victim's data, none acting on the victim's ids is 2xx, nothing of the victim's changed.
 * Limits are off: a 429 would hide what the route itself answers.
 */
const env = useServerAndSandbox({ RATE_LIMIT_ENABLED: 'false' });
const app = () => env.ctx.app;

const OTHER_HOST = 'other.example';
const NOBODYS_ID = '00000000-0000-4000-8000-00000000beef';
/** DESIGN.md §9: support reads only; owner and finance decide withdrawals and manage promotions. */
const READ_ONLY_ROLES: readonly StaffRole[] = ['support'];
const BACKOFFICE = '/api/v2/backoffice/';
/** a staff member's own session calls: not decisions on anyone's data */
const SESSION_ROUTES = ['/api/v2/backoffice/login', '/api/v2/backoffice/logout'];
/** what support may do to its agency's players (DESIGN.md §9, decisions 055 and 160): block, reset the password, end sessions, exclude, lift a login lock */
const SUPPORT_ACTIONS = ['block', 'unblock', 'reset-password', 'sessions/end', 'exclusion', 'login-lock/lift'].map(
  (a) => `/api/v2/backoffice/players/{id}/${a}`,
);

interface Victim {
  playerId: string;
  username: string;
  depositId: string;
  withdrawalId: string;
  usageId: string;
  promotionId: string;
  bankAccountId: string;
  accountNumber: string;
  /** transaction codes, references: every string of its orders that would identify them */
  codes: string[];
}

interface Actor {
  name: string;
  host: string;
  cookie: string;
  /** inside the victim's agency (may see the agency's own promotions) */
  sameAgency: boolean;
  /** the operations this actor is tried on */
  covers(op: Operation): boolean;
}

const createOtherAgency = () => createAgency(app(), 'other', OTHER_HOST);

async function registerAt(host: string): Promise<string> {
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const fingerprint = randomBytes(16).toString('hex');
  const res = await app().inject({
    method: 'POST',
    url: '/api/v2/players/register',
    headers: { host, [FINGERPRINT_HEADER]: fingerprint },
    payload: { username: `o${randomBytes(5).toString('hex')}`, password, confirmPassword: password, fingerprint },
  });
  if (res.statusCode !== 201) throw new Error(`register at ${host}: ${res.statusCode} ${res.body}`);
  return [res.headers['set-cookie']]
    .flat()
    .find((c) => c?.startsWith('sid='))!
    .split(';')[0]!;
}

async function makeVictim(): Promise<Victim> {
  const player = await registerPlayer(app());
  await addBankAccount(app(), player);
  const promotion = await makePromotion(app(), env.agencyId(), { bonus: { kind: 'FIXED', amount: '20' } });
  const used = await usePromotion(app(), player, promotion.id);
  if (used.statusCode !== 201) throw new Error(`promotion: ${used.statusCode} ${used.body}`);
  const depositId = await payDeposit(app(), env.sandbox.url, player, 128_000);
  await app().worker.drain({ skipBackoff: true });
  const withdrawn = await withdraw(app(), player, { providerId: 'gclub', amount: '100' });
  if (withdrawn.statusCode !== 201) throw new Error(`withdrawal: ${withdrawn.statusCode} ${withdrawn.body}`);
  const [account] = await queryRows<{ id: string; account_number: string }>(
    app().db,
    sql`SELECT id, account_number FROM player_bank_accounts WHERE player_id = ${player.playerId}`,
  );
  const orders = await queryRows<Record<string, unknown>>(
    app().db,
    sql`SELECT to_jsonb(d) AS row FROM deposit_orders d WHERE player_id = ${player.playerId}
        UNION ALL SELECT to_jsonb(w) FROM withdrawals w WHERE player_id = ${player.playerId}`,
  );
  const codes = orders.flatMap((o) =>
    Object.entries(o.row as Record<string, unknown>)
      .filter(([k, v]) => /code|reference/i.test(k) && typeof v === 'string' && v.length >= 6)
      .map(([, v]) => v as string),
  );
  return {
    playerId: player.playerId,
    username: player.username,
    depositId,
    withdrawalId: withdrawn.json().withdrawal.id,
    usageId: used.json().usage.id,
    promotionId: promotion.id,
    bankAccountId: account!.id,
    accountNumber: account!.account_number,
    codes,
  };
}

/** Every row of the victim's (each table with a player_id column, its player row, its promotion) and its credit at the provider. */
async function snapshot(v: Victim): Promise<string> {
  const tables = await queryRows<{ table_name: string }>(
    app().db,
    sql`SELECT table_name FROM information_schema.columns
        WHERE column_name = 'player_id' AND table_schema = current_schema() ORDER BY table_name`,
  );
  const out: Record<string, unknown> = {};
  for (const { table_name } of tables) {
    out[table_name] = await queryRows(
      app().db,
      sql`SELECT to_jsonb(t) AS row FROM ${sql.identifier(table_name)} t WHERE player_id = ${v.playerId} ORDER BY to_jsonb(t)::text`,
    );
  }
  out.players = await queryRows(app().db, sql`SELECT to_jsonb(p) AS row FROM players p WHERE id = ${v.playerId}`);
  out.promotion = await queryRows(app().db, sql`SELECT to_jsonb(p) AS row FROM promotions p WHERE id = ${v.promotionId}`);
  out.provider = String(await env.sandbox.providerBalance('gclub', v.playerId));
  return JSON.stringify(out, null, 1);
}

/** The victim's own ids an operation's path parameters stand for, by the resource they follow. */
function pathValues(op: Operation, v: Victim): Record<string, string> {
  const values: Record<string, string> = {};
  for (const p of op.params.filter((x) => x.in === 'path')) {
    const resource = op.path.split(`/{${p.name}}`)[0]!.split('/').pop()!;
    if (p.name === 'provider') values[p.name] = 'gclub';
    else if (resource === 'deposits') values[p.name] = v.depositId;
    else if (resource === 'withdrawals') values[p.name] = v.withdrawalId;
    else if (resource === 'promotion-usages' || resource === 'usages') values[p.name] = v.usageId;
    else if (resource === 'promotions') values[p.name] = v.promotionId;
    else if (resource === 'players') values[p.name] = v.playerId;
    else if (resource === 'bank-accounts') values[p.name] = v.bankAccountId;
    else values[p.name] = p.schema.format === 'uuid' ? NOBODYS_ID : String(exampleOf(p.schema));
  }
  return values;
}

/** A body aimed at the victim: its ids and names wherever a field would take them. */
function bodyFor(schema: JsonSchema, v: Victim): unknown {
  return exampleOf(schema, (name) => {
    if (name === 'usageId') return v.usageId;
    if (name === 'promotionId') return v.promotionId;
    if (name === 'depositId' || name === 'orderId') return v.depositId;
    if (name === 'withdrawalId') return v.withdrawalId;
    if (name === 'playerId') return v.playerId;
    if (name === 'username') return v.username;
    if (name === 'accountNumber') return v.accountNumber;
    if (name === 'providerId') return 'gclub';
    return undefined;
  });
}

describe('access control over every route of the OpenAPI document', () => {
  it("lets nobody but the victim (and its agency's deciders) read or change the victim's data", async () => {
    const victim = await makeVictim();
    const otherAgencyId = await createOtherAgency();
    const otherAgencyCookie = await registerAt(OTHER_HOST);

    const everything = () => true;
    const playerRoutes = (op: Operation) => !op.path.startsWith(BACKOFFICE);
    const decisions = (op: Operation) => op.path.startsWith(BACKOFFICE) && op.method !== 'GET' && !SESSION_ROUTES.includes(op.path);
    const actors: Actor[] = [
      { name: 'anonymous', host: 'localhost', cookie: '', sameAgency: true, covers: everything },
      { name: 'another player', host: 'localhost', cookie: (await registerPlayer(app())).cookie, sameAgency: true, covers: everything },
      { name: "another agency's player", host: OTHER_HOST, cookie: otherAgencyCookie, sameAgency: false, covers: everything },
      {
        name: "another agency's player's cookie at the victim's host",
        host: 'localhost',
        cookie: otherAgencyCookie,
        sameAgency: false,
        covers: everything,
      },
    ];
    for (const role of STAFF_ROLES) {
      const other = (await staffLogin(app(), otherAgencyId, role, OTHER_HOST)).cookie;
      actors.push(
        { name: `another agency's ${role}`, host: OTHER_HOST, cookie: other, sameAgency: false, covers: everything },
        { name: `another agency's ${role} at the victim's host`, host: 'localhost', cookie: other, sameAgency: false, covers: everything },
      );
      const own = (await staffLogin(app(), env.agencyId(), role)).cookie;
      actors.push({
        name: `the victim's agency's ${role}`,
        host: 'localhost',
        cookie: own,
        sameAgency: true,
        covers: READ_ONLY_ROLES.includes(role)
          ? (op) => playerRoutes(op) || (decisions(op) && !SUPPORT_ACTIONS.includes(op.path))
          : playerRoutes,
      });
    }

    const operations = await openApiOperations(app());
    // a session of the actor's own ended by logout would make the later calls anonymous ones
    operations.sort((a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')));
    expect(operations.length).toBeGreaterThan(40);

    const before = await snapshot(victim);
    const own = [victim.playerId, victim.depositId, victim.withdrawalId, victim.usageId, victim.bankAccountId];
    // the username is a key anyone may look up (is it taken?), never in an answer
    const secrets = [...own, victim.username, victim.accountNumber, ...victim.codes];
    const failures: string[] = [];
    let calls = 0;
    for (const actor of actors) {
      for (const op of operations.filter((o) => actor.covers(o))) {
        const url = operationUrl(
          op,
          pathValues(op, victim),
          Object.fromEntries(op.params.filter((p) => p.in === 'query').map((p) => [p.name, exampleOf(p.schema)])),
        );
        const body = op.body ? bodyFor(op.body, victim) : undefined;
        const res = await app().inject({
          method: op.method,
          url,
          remoteAddress: `10.9.${calls >> 8}.${calls & 255}`,
          headers: { host: actor.host, ...(actor.cookie ? { cookie: actor.cookie } : {}) },
          ...(body === undefined ? {} : { payload: body as object }),
        });
        calls += 1;
        const where = `${actor.name}: ${op.method} ${url} → ${res.statusCode}`;
        if (res.statusCode >= 500) failures.push(`${where} (5xx) ${res.body.slice(0, 200)}`);
        const search = actor.sameAgency ? secrets : [...secrets, victim.promotionId];
        // an answer that only echoes what the caller itself sent (a staff user it named after the
        // victim, in its own agency) tells it nothing of the victim's
        const echoed = body === undefined ? '' : JSON.stringify(body);
        const leaked = search.filter((s) => res.body.includes(s) && !echoed.includes(s));
        if (leaked.length) failures.push(`${where} carries the victim's ${leaked.join(', ')}`);
        const actsOn = [...own, ...(actor.sameAgency && !op.path.startsWith(BACKOFFICE) ? [] : [victim.promotionId])];
        const sent = `${url} ${body === undefined ? '' : JSON.stringify(body)}`;
        if (res.statusCode < 300 && actsOn.some((id) => sent.includes(id))) failures.push(`${where} on the victim's ids`);
      }
    }
    const after = await snapshot(victim);
    console.info(`access: ${operations.length} routes, ${actors.length} actors, ${calls} calls (routes × actors tried)`);
    expect(failures).toEqual([]);
    expect(after).toEqual(before);
  });
});
