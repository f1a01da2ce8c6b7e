import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { agencies, auditLog, currencies } from '../db/schema/index.js';
import { openApiOperations, operationUrl } from '../test/openapi.js';
import { exampleOf } from '../test/openapi-values.js';
import { useServerAndSandbox } from '../test/server-and-sandbox.js';
import { staffCookieOf, totpCode } from '../test/staff.js';
import { findCommand, runCommand } from './commands.js';

const env = useServerAndSandbox({});
const app = () => env.ctx.app;
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** `npm run ops -- …argv` in this process, on the test server's database: its exit status and what it printed. */
async function ops(...argv: string[]) {
  const out: string[] = [];
  const found = findCommand(argv);
  if (!found) throw new Error(`no command ${argv.join(' ')}`);
  const status = await runCommand(
    { database: app().database, config: app().config, out: (l) => out.push(l), err: (l) => out.push(l) },
    found,
  ).catch((err: Error) => {
    out.push(err.message);
    return 2;
  });
  return { status, text: out.join('\n') };
}
const get = (host: string, url: string, cookie = '') => app().inject({ url, headers: { host, cookie } });

describe('npm run ops (decision 111)', () => {
  it('agency create: the invited owner sets a password and second factor, and the agency answers at its host', async () => {
    const made = await ops(
      'agency',
      'create',
      '--name',
      'Ops Made',
      '--host',
      'ops-made.test',
      '--host',
      'WWW.ops-made.test',
      '--owner',
      'boss',
    );
    expect(made.status, made.text).toBe(0);
    const url = /https?:\/\/ops-made\.test(:\d+)?\/backoffice\/invitation#([A-Za-z0-9_-]{43})/.exec(made.text);
    expect(url, made.text).not.toBeNull();
    const token = url![2]!;
    const [agency] = await app().db.select().from(agencies).where(eq(agencies.code, 'ops-made'));
    expect(agency!.social).toEqual({ telegram: '', whatsapp: '', facebook: '', twitter: '', line: '' });
    const rates = await app().db.select().from(currencies).where(eq(currencies.agencyId, agency!.id));
    expect(rates.map((c) => c.code).sort()).toEqual(['LAK', 'THB', 'USD']);
    const audit = await app().db.select().from(auditLog).where(eq(auditLog.agencyId, agency!.id));
    expect(audit.map((a) => [a.action, a.staffUsername, a.staffId])).toEqual([
      ['agency.create', 'ops', null],
      ['staff.create', 'ops', null],
    ]);

    const info = await get('ops-made.test', '/api/v2/agency/info');
    expect(info.statusCode).toBe(200);
    expect(info.json().agency.id).toBe(agency!.id);
    expect((await get('www.ops-made.test', '/api/v2/agency/info')).statusCode).toBe(200);

    const post = (path: string, payload: object) =>
      app().inject({ method: 'POST', url: `/api/v2/backoffice${path}`, headers: { host: 'ops-made.test' }, payload });
    const opened = await post('/invitation', { token });
    expect(opened.json()).toMatchObject({ username: 'boss', role: 'owner' });
    const accepted = await post('/invitation/accept', {
      token,
      password: 'the-owner-password-1',
      code: await totpCode(opened.json().secret),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const cookie = staffCookieOf(accepted)!;

    // every back-office screen's GET without a path parameter answers the new owner (the CSV downloads are not screens)
    const screens = (await openApiOperations(app())).filter(
      (op) => op.method === 'GET' && op.path.startsWith('/api/v2/backoffice/') && !op.path.includes('{') && !op.path.endsWith('.csv'),
    );
    expect(screens.length).toBeGreaterThan(10);
    for (const op of screens) {
      // a required query parameter (a list's kind) takes an example value
      const query = Object.fromEntries(op.params.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, exampleOf(p.schema)]));
      const res = await get('ops-made.test', operationUrl(op, {}, query), cookie);
      expect(res.statusCode, `${op.path}: ${res.body}`).toBe(200);
    }
  });

  it('agency hosts, disable and enable, staff invite, ledger check; refusals name what is wrong', async () => {
    expect((await ops('agency', 'create', '--name', 'Second', '--host', 'second.test', '--owner', 'first')).status).toBe(0);
    expect((await ops('agency', 'create', '--name', 'Third', '--host', 'second.test', '--owner', 'x1x')).text).toContain(
      'host already bound to an agency: second.test',
    );
    expect((await ops('agency', 'hosts', 'add', '--agency', 'second', '--host', 'second-b.test')).status).toBe(0);
    expect((await ops('agency', 'hosts', 'remove', '--agency', 'second', '--host', 'second.test')).status).toBe(0);
    const removedAll = await ops('agency', 'hosts', 'remove', '--agency', 'second', '--host', 'second-b.test');
    expect([removedAll.status, removedAll.text]).toEqual([2, 'second would have no host left: disable it instead (agency disable)']);
    app().invalidateAgencyCache();
    expect((await get('second.test', '/api/v2/agency/info')).statusCode).toBe(404);
    expect((await get('second-b.test', '/api/v2/agency/info')).statusCode).toBe(200);

    const invited = await ops('staff', 'invite', '--agency', 'second', '--username', 'cashier', '--role', 'finance');
    expect(invited.text).toMatch(/second-b\.test(:\d+)?\/backoffice\/invitation#/);
    expect((await ops('staff', 'invite', '--agency', 'second', '--username', 'nobody')).text).toBe('nobody is new at second: give --role');

    expect((await ops('agency', 'disable', '--agency', 'second')).status).toBe(0);
    app().invalidateAgencyCache();
    const list = await ops('agency', 'list');
    expect(list.text).toMatch(/^second\tdisabled\tSecond\thosts: second-b\.test\towners: 1$/m);
    expect((await get('second-b.test', '/api/v2/agency/info')).statusCode).toBe(404);
    const login = await app().inject({
      method: 'POST',
      url: '/api/v2/backoffice/login',
      headers: { host: 'second-b.test' },
      payload: { username: 'first', password: 'whatever-password' },
    });
    expect(login.json().error.code).toBe('AGENCY_NOT_FOUND');
    expect((await ops('agency', 'enable', '--agency', 'second')).status).toBe(0);
    app().invalidateAgencyCache();
    expect((await get('second-b.test', '/api/v2/agency/info')).statusCode).toBe(200);

    expect(await ops('ledger', 'check')).toMatchObject({ status: 0 });
    expect((await ops('agency', 'disable', '--agency', 'nope')).text).toBe('no agency with the code nope (npm run ops -- agency list)');
    expect((await ops('agency', 'create', '--name', 'x', '--bogus')).text).toContain("Unknown option '--bogus'");
  });

  it('prints --help for each command without opening a database', () => {
    const help = (...args: string[]) =>
      execFileSync(process.execPath, ['scripts/ops.mjs', ...args], {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, DATABASE_URL: 'postgres://nowhere.invalid/none' },
      });
    expect(help('--help')).toContain('agency hosts add --agency CODE --host HOST');
    expect(help('agency', 'create', '--help')).toContain('usage: npm run ops -- agency create --name NAME --host HOST');
    expect(help('ledger', 'check', '--help')).toContain('exit status 1 naming each difference');
  });
});
