import { sql, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditPage, AuditQuery } from '@app/contracts';
import { queryRows, type Db } from '../../../db/client.js';
import { AppError } from '../../../errors.js';
import { targetColumns, targetKey } from './audit-targets.js';

interface Row {
  id: string;
  at: string;
  at_key: string;
  staff_id: string | null;
  staff_username: string;
  action: string;
  entity_type: string;
  entity_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string | null;
  target_name: string | null;
  target_player_id: string | null;
}

/** The cursor: the last row's `at` (PostgreSQL's own text, to the microsecond) and id, in base64url. */
const encodeCursor = (r: Row) => Buffer.from(`${r.at_key}|${r.id}`).toString('base64url');

/** `at::text` as PostgreSQL writes it: `2026-11-24 16:10:01.123456+00` */
const PG_TIMESTAMPTZ = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d){0,2}$/;

function decodeCursor(cursor: string): { at: string; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || !id || !/^\d{1,19}$/.test(id) || !PG_TIMESTAMPTZ.test(at)) {
    throw new AppError('VALIDATION_FAILED', 'The request is not valid.', { cursor: 'validation.invalid' });
  }
  return { at, id };
}

/**
 * The agency's audit log, newest first, filtered by staff member, action and time; keyset pages on
 * (at, id), each served by one of migration 0033's indexes (no count, no offset).
 */
export async function listAudit(db: Db, agencyId: string, q: AuditQuery): Promise<AuditPage> {
  const where: SQL[] = [sql`agency_id = ${agencyId}`];
  if (q.staffId) where.push(sql`staff_id = ${q.staffId}`);
  if (q.action) where.push(sql`action = ${q.action}`);
  if (q.from) where.push(sql`at >= ${q.from}::timestamptz`);
  if (q.to) where.push(sql`at < ${q.to}::timestamptz`);
  if (q.cursor) {
    const c = decodeCursor(q.cursor);
    where.push(sql`(at, id) < (${c.at}::timestamptz, ${c.id}::bigint)`);
  }
  // ORDER BY names the table's columns: a bare `at`/`id` binds to the text output columns of the same
  // names, which sorted the whole log by text (a scan, not the index) in an order the cursor does not
  // follow (ids across a digit boundary, entries of one millisecond). The page is taken first (the
  // index's order, LIMIT), then its targets' names are looked up for those rows only (audit-targets.ts)
  const rows = await queryRows<Row>(
    db,
    sql`SELECT page.id::text AS id, to_char(page.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, page.at::text AS at_key,
               page.staff_id, page.staff_username, page.action, page.entity_type, page.entity_id, page.before, page.after, page.ip,
               ${targetColumns}
        FROM (SELECT audit_log.*, ${targetKey} FROM audit_log WHERE ${sql.join(where, sql` AND `)}
              ORDER BY audit_log.at DESC, audit_log.id DESC LIMIT ${q.limit + 1}) page
        ORDER BY page.at DESC, page.id DESC`,
  );
  const page = rows.slice(0, q.limit);
  const items: AuditEntry[] = page.map((r) => ({
    id: r.id,
    at: r.at,
    staffId: r.staff_id,
    staffUsername: r.staff_username,
    action: r.action,
    entityType: r.entity_type,
    entityId: r.entity_id,
    before: r.before,
    after: r.after,
    ip: r.ip,
    target: r.target_name === null ? null : { name: r.target_name, playerId: r.target_player_id },
  }));
  return { items, nextCursor: rows.length > q.limit ? encodeCursor(page[page.length - 1]!) : null };
}
