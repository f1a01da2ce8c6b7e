import type { AuditAction } from '@app/contracts';
import type { ParseArgsConfig } from 'node:util';
import { asc, eq, sql } from 'drizzle-orm';
import { staffRoleSchema, staffUsernameSchema, type StaffRole } from '@app/contracts';
import type { Config } from '../config.js';
import type { Database, Tx } from '../db/client.js';
import { agencies, agencyHosts } from '../db/schema/index.js';
import { writeAudit } from '../audit/audit.js';
import { agencyOrigin } from '../plugins/agency.js';
import { normalHost } from '../modules/agency/index.js';
import { inviteStaffUser } from '../modules/backoffice/staff/index.js';

/**
 * `npm run ops -- <command>` (docs/decisions/111-operations-command.md): what an operator does
 * without SQL, on the configured database. Each change is one transaction with its audit row,
 * written by the actor `ops` (no staff id, no address).
 */
export interface OpsContext {
  database: Database;
  config: Config;
  out: (line: string) => void;
  err: (line: string) => void;
}

/** A refusal the operator can act on: printed without a stack, exit status 2. */
export class OpsError extends Error {}

export type Options = NonNullable<ParseArgsConfig['options']>;
export interface Command {
  usage: string;
  summary: string;
  options: Options;
  run(ctx: OpsContext, values: Record<string, string | string[] | boolean | undefined>): Promise<number>;
}

export const str = { type: 'string' } as const;
export const many = { type: 'string', multiple: true } as const;
const ACTOR = { staffId: null, username: 'ops' } as const;

export const required = (values: Record<string, unknown>, name: string): string => {
  const v = values[name];
  if (typeof v !== 'string' || v.trim() === '') throw new OpsError(`--${name} is required`);
  return v.trim();
};
export const hostsOf = (values: Record<string, unknown>): string[] => {
  const hosts = ((values.host as string[] | undefined) ?? []).map(normalHost);
  if (hosts.length === 0) throw new OpsError('--host is required (once per host)');
  for (const h of hosts) if (!/^[a-z0-9.-]+$/.test(h)) throw new OpsError(`--host ${h}: not a host name`);
  return hosts;
};
export const usernameOf = (value: string) => {
  const parsed = staffUsernameSchema.safeParse(value);
  if (!parsed.success) throw new OpsError(`--username/--owner ${value}: 3 to 64 of a-z, 0-9, '.', '_' and '-'`);
  return parsed.data;
};
export const roleOf = (value: string | undefined) => {
  if (value === undefined) return undefined;
  const parsed = staffRoleSchema.safeParse(value);
  if (!parsed.success) throw new OpsError(`--role ${value}: one of owner, finance, support`);
  return parsed.data;
};
/** a code from a name: lower case letters, digits and dashes */
export const codeFrom = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);

export async function agencyByCode(tx: Tx, code: string) {
  const [row] = await tx.select().from(agencies).where(eq(agencies.code, code)).for('update');
  if (!row) throw new OpsError(`no agency with the code ${code} (npm run ops -- agency list)`);
  return row;
}

export async function primaryHost(tx: Tx, agencyId: string): Promise<string> {
  const [row] = await tx
    .select({ host: agencyHosts.host })
    .from(agencyHosts)
    .where(eq(agencyHosts.agencyId, agencyId))
    .orderBy(sql`${agencyHosts.isPrimary} DESC`, asc(agencyHosts.host))
    .limit(1);
  if (!row) throw new OpsError('the agency has no host: add one first (agency hosts add)');
  return row.host;
}

export const audit = (
  tx: Tx,
  agencyId: string,
  action: AuditAction,
  entityType: string,
  entityId: string,
  after: object,
  before?: object,
) => writeAudit(tx, { staff: { agencyId, ...ACTOR }, ip: null }, { action, entityType, entityId, after, before: before ?? null });

/** the invitation of a staff member, issued and audited in `tx`; answers its link */
export async function invite(
  ctx: OpsContext,
  tx: Tx,
  agencyId: string,
  username: string,
  role: StaffRole | undefined,
  unusableHash: string,
) {
  const origin = agencyOrigin(ctx.config.PUBLIC_URL, await primaryHost(tx, agencyId));
  const done = await inviteStaffUser(tx, { agencyId, username, role, unusableHash }, origin);
  await audit(
    tx,
    agencyId,
    done.created ? 'staff.create' : 'staff.invitation',
    'staff',
    done.staffId,
    { username, ...(role ? { role } : {}), invitationExpiresAt: done.invitation.expiresAt },
    done.before ?? undefined,
  );
  return done.invitation;
}

export const printInvitation = (ctx: OpsContext, username: string, invitation: { url: string; expiresAt: string }) => {
  ctx.out(`invitation for ${username} (one use, valid until ${invitation.expiresAt}):`);
  ctx.out(`  ${invitation.url}`);
};
