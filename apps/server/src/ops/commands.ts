import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { agencies, agencyHosts } from '../db/schema/index.js';
import { runLedgerCheck } from '../ledger/check-record.js';
import { createPasswordHasher } from '../modules/accounts/index.js';
import { addAgencyHosts, createAgency, removeAgencyHost } from '../modules/agency/index.js';
import { unusablePassword } from '../modules/backoffice/staff/index.js';
import {
  agencyByCode,
  audit,
  codeFrom,
  hostsOf,
  invite,
  many,
  OpsError,
  printInvitation,
  required,
  roleOf,
  str,
  usernameOf,
  type Command,
  type OpsContext,
} from './context.js';

export { OpsError };

const setDisabled =
  (disabled: boolean): Command['run'] =>
  async (ctx, values) => {
    const code = required(values, 'agency');
    await ctx.database.db.transaction(async (tx) => {
      const agency = await agencyByCode(tx, code);
      await tx
        .update(agencies)
        .set({ disabledAt: disabled ? new Date() : null })
        .where(eq(agencies.id, agency.id));
      // its staff are signed out; while disabled its hosts answer as unknown, so nobody signs in
      if (disabled)
        await tx.execute(sql`UPDATE staff_sessions SET revoked_at = now() WHERE agency_id = ${agency.id} AND revoked_at IS NULL`);
      await audit(
        tx,
        agency.id,
        disabled ? 'agency.disable' : 'agency.enable',
        'agency',
        agency.id,
        { disabled },
        { disabled: agency.disabledAt !== null },
      );
    });
    ctx.out(`agency ${code} ${disabled ? 'disabled: its hosts answer as unknown (within 30 s on running servers)' : 'enabled'}`);
    return 0;
  };

/** The commands by their words (`agency hosts add`): what each does, its options, how it runs. */
export const COMMANDS: Record<string, Command> = {
  'agency create': {
    usage: 'agency create --name NAME --host HOST [--host HOST …] --owner USERNAME [--code CODE]',
    summary:
      'A new agency: its hosts (the first is its primary), the default settings, empty social links, the default currencies, and its first owner, who gets an invitation link (printed, valid 72 h, one use).',
    options: { name: str, host: many, owner: str, code: str },
    async run(ctx, values) {
      const name = required(values, 'name');
      const hosts = hostsOf(values);
      const owner = usernameOf(required(values, 'owner'));
      const code = typeof values.code === 'string' ? values.code.trim() : codeFrom(name);
      if (!/^[a-z0-9-]{2,40}$/.test(code)) throw new OpsError(`--code ${code}: 2 to 40 of a-z, 0-9 and '-'`);
      const unusableHash = await createPasswordHasher(ctx.config).hash(unusablePassword());
      const invitation = await ctx.database.db.transaction(async (tx) => {
        const taken = await tx
          .select({ host: agencyHosts.host })
          .from(agencyHosts)
          .where(sql`${agencyHosts.host} IN ${hosts}`);
        if (taken.length > 0) throw new OpsError(`host already bound to an agency: ${taken.map((t) => t.host).join(', ')}`);
        const [exists] = await tx.select({ id: agencies.id }).from(agencies).where(eq(agencies.code, code));
        if (exists) throw new OpsError(`an agency with the code ${code} exists: give another with --code`);
        const id = await createAgency(tx, { code, name, hosts });
        await audit(tx, id, 'agency.create', 'agency', id, { code, name, hosts });
        return invite(ctx, tx, id, owner, 'owner', unusableHash);
      });
      ctx.out(`agency ${code} created: ${hosts.join(', ')}`);
      printInvitation(ctx, owner, invitation);
      return 0;
    },
  },
  'agency list': {
    usage: 'agency list',
    summary: 'Every agency: code, name, enabled or disabled, hosts (the primary first), active owners.',
    options: {},
    async run(ctx) {
      const rows = await queryRows<{ code: string; name: string; disabled: boolean; hosts: string[] | null; owners: number }>(
        ctx.database.db,
        sql`SELECT a.code, a.name, a.disabled_at IS NOT NULL AS disabled,
                   (SELECT array_agg(h.host ORDER BY h.is_primary DESC, h.host) FROM agency_hosts h WHERE h.agency_id = a.id) AS hosts,
                   (SELECT count(*)::int FROM staff_users u WHERE u.agency_id = a.id AND u.role = 'owner' AND u.active) AS owners
            FROM agencies a ORDER BY a.code`,
      );
      for (const r of rows)
        ctx.out(
          `${r.code}\t${r.disabled ? 'disabled' : 'enabled'}\t${r.name}\thosts: ${(r.hosts ?? []).join(', ') || '-'}\towners: ${r.owners}`,
        );
      if (rows.length === 0) ctx.out('no agency yet: npm run ops -- agency create --help');
      return 0;
    },
  },
  'agency hosts add': {
    usage: 'agency hosts add --agency CODE --host HOST [--host HOST …]',
    summary: 'Binds more hosts to an agency (the first becomes its primary when it has none).',
    options: { agency: str, host: many },
    async run(ctx, values) {
      const code = required(values, 'agency');
      const hosts = hostsOf(values);
      await ctx.database.db.transaction(async (tx) => {
        const agency = await agencyByCode(tx, code);
        const taken = await tx
          .select({ host: agencyHosts.host })
          .from(agencyHosts)
          .where(sql`${agencyHosts.host} IN ${hosts}`);
        if (taken.length > 0) throw new OpsError(`host already bound: ${taken.map((t) => t.host).join(', ')}`);
        await addAgencyHosts(tx, agency.id, hosts);
        await audit(tx, agency.id, 'agency.hosts_add', 'agency', agency.id, { hosts });
      });
      ctx.out(`${code}: added ${hosts.join(', ')}`);
      return 0;
    },
  },
  'agency hosts remove': {
    usage: 'agency hosts remove --agency CODE --host HOST',
    summary: 'Unbinds a host (its last one is kept: disable the agency instead); a removed primary passes to the next by name.',
    options: { agency: str, host: many },
    async run(ctx, values) {
      const code = required(values, 'agency');
      const hosts = hostsOf(values);
      await ctx.database.db.transaction(async (tx) => {
        const agency = await agencyByCode(tx, code);
        for (const host of hosts)
          if (!(await removeAgencyHost(tx, agency.id, host))) throw new OpsError(`${host} is not a host of ${code}`);
        const [left] = await tx.select({ host: agencyHosts.host }).from(agencyHosts).where(eq(agencyHosts.agencyId, agency.id)).limit(1);
        if (!left) throw new OpsError(`${code} would have no host left: disable it instead (agency disable)`);
        await audit(tx, agency.id, 'agency.hosts_remove', 'agency', agency.id, { hosts });
      });
      ctx.out(`${code}: removed ${hosts.join(', ')}`);
      return 0;
    },
  },
  'agency disable': {
    usage: 'agency disable --agency CODE',
    summary: 'The agency answers as an unknown host (site, API, back office); its staff are signed out and cannot sign in.',
    options: { agency: str },
    run: setDisabled(true),
  },
  'agency enable': {
    usage: 'agency enable --agency CODE',
    summary: 'A disabled agency answers again.',
    options: { agency: str },
    run: setDisabled(false),
  },
  'staff invite': {
    usage: 'staff invite --agency CODE --username USERNAME [--role owner|finance|support]',
    summary:
      'An invitation link (printed, valid 72 h, one use) where the staff member sets a password and a second factor. A new username needs --role; for an existing one the second factor is reset (e.g. an owner who lost their phone) and the role changed when given.',
    options: { agency: str, username: str, role: str },
    async run(ctx, values) {
      const code = required(values, 'agency');
      const username = usernameOf(required(values, 'username'));
      const role = roleOf(values.role as string | undefined);
      const unusableHash = await createPasswordHasher(ctx.config).hash(unusablePassword());
      const invitation = await ctx.database.db.transaction(async (tx) => {
        const agency = await agencyByCode(tx, code);
        const [existing] = await queryRows<{ id: string }>(
          tx,
          sql`SELECT id FROM staff_users WHERE agency_id = ${agency.id} AND username = ${username}`,
        );
        if (!existing && !role) throw new OpsError(`${username} is new at ${code}: give --role`);
        return invite(ctx, tx, agency.id, username, role, unusableHash);
      });
      printInvitation(ctx, username, invitation);
      return 0;
    },
  },
  migrate: {
    usage: 'migrate',
    summary: 'Applies the pending migrations (one transaction, under the migration lock): run before starting new code.',
    options: {},
    async run(ctx) {
      const done = await migrate(ctx.database);
      const files = [...done.migrations, ...done.functions];
      ctx.out(files.length ? `applied: ${files.join(', ')}` : 'nothing to migrate');
      return 0;
    },
  },
  'ledger check': {
    usage: 'ledger check',
    summary: 'Checks every agency’s ledger (balances, entries, transfers) and records the result; exit status 1 naming each difference.',
    options: {},
    async run(ctx) {
      const result = await runLedgerCheck(ctx.database.db);
      if (result.problems.length === 0) {
        ctx.out(`ledger check passed (${result.durationMs} ms)`);
        return 0;
      }
      for (const p of result.problems) ctx.err(p);
      ctx.err(`ledger check: ${result.problems.length} difference(s)`);
      return 1;
    },
  },
};

export const usage = () =>
  [
    'npm run ops -- <command> [options]     (the configured database: DATABASE_URL, else PGlite in DATA_DIR)',
    '',
    ...Object.values(COMMANDS).map((c) => `  ${c.usage}\n      ${c.summary}`),
    '',
    '`npm run ops -- <command> --help` for one command.',
  ].join('\n');

/** The command named by the leading words of `argv` (longest first), and the rest. */
export function findCommand(argv: string[]): { name: string; command: Command; rest: string[] } | null {
  for (let words = 3; words >= 1; words--) {
    const name = argv.slice(0, words).join(' ');
    const command = COMMANDS[name];
    if (command && argv.slice(0, words).every((w) => !w.startsWith('-'))) return { name, command, rest: argv.slice(words) };
  }
  return null;
}

/** Parses a command's options (unknown ones refused) and runs it; answers the exit status. */
export async function runCommand(ctx: OpsContext, found: { name: string; command: Command; rest: string[] }): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ args: found.rest, options: { ...found.command.options, help: { type: 'boolean' } }, strict: true }));
  } catch (err) {
    throw new OpsError(`${(err as Error).message}\nusage: npm run ops -- ${found.command.usage}`);
  }
  return found.command.run(ctx, values);
}
