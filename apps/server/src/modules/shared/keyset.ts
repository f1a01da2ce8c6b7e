import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { KeysetPage } from '@app/contracts';
import { AppError } from '../../errors.js';

/**
 * Keyset paging for the back-office lists (docs/decisions/058): a page is the rows strictly after
 * the last row of the page before, in the list's order, read through the index that has that order;
 * no offset (a deep page costs what the first does) and no count of the whole list. The cursor is
 * base64url of that last row's order key, opaque to clients and checked here: a tampered cursor is
 * a 400 VALIDATION_FAILED, never a query error.
 */

/** How each part of an order key is carried in a cursor (as text) and compared in SQL (cast back). */
export type KeyType = 'timestamptz' | 'uuid' | 'text' | 'bigint';

export interface KeyPart {
  column: AnyPgColumn | SQL;
  type: KeyType;
}

// timestamps with PostgreSQL's microseconds, in UTC: a JS Date keeps milliseconds only, and rows of one
// millisecond would be skipped or repeated across a page boundary
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const partSchemas: Record<KeyType, z.ZodType<string>> = {
  timestamptz: z.string().regex(TIME),
  uuid: z.string().uuid(),
  // no NUL: PostgreSQL refuses it in text, which would make a tampered cursor a 500
  text: z
    .string()
    .max(256)
    .refine((s) => !s.includes('\u0000')),
  bigint: z.string().regex(/^-?\d{1,18}$/),
};

export const invalidCursor = () => new AppError('VALIDATION_FAILED', 'cursor is not valid', { cursor: 'backoffice.validation.cursor' });

/** The cursor after `key`. */
export const encodeCursor = (key: readonly string[]) => Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');

/** The key in a cursor, checked against the parts' types; any other text is invalidCursor(). */
export function decodeCursor(cursor: string, parts: readonly KeyPart[]): string[] {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalidCursor();
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(raw) || raw.length !== parts.length) throw invalidCursor();
  return parts.map((p, i) => {
    const parsed = partSchemas[p.type].safeParse(raw[i]);
    if (!parsed.success) throw invalidCursor();
    return parsed.data;
  });
}

/** The part's value as the cursor carries it, read exactly by the same query as the row. */
function keyText(p: KeyPart): SQL {
  return p.type === 'timestamptz' ? sql`to_char(${p.column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` : sql`${p.column}::text`;
}

export interface KeysetOrder {
  /** what each row also selects: its order key (a JSON array of text), as `cursorKey: order.key` */
  key: SQL<string[]>;
  /** the rows strictly after the cursor in this order; undefined for the first page */
  after(cursor: string | undefined): SQL | undefined;
  /** ORDER BY, every part in the one direction (a row comparison needs it, and a B-tree serves both ways) */
  orderBy: SQL[];
  /** the page of `limit` rows out of the `limit + 1` read, and the cursor after it when there are more */
  page<R extends { cursorKey: string[] }>(rows: R[], limit: number): KeysetPage<Omit<R, 'cursorKey'>>;
}

/**
 * An order over `parts` (the last one unique, so that ties on the ones before are broken, e.g.
 * created_at then id) in one direction. Read `limit + 1` rows to know whether there is a next page.
 */
export function keysetOrder(direction: 'asc' | 'desc', parts: readonly KeyPart[]): KeysetOrder {
  const columns = sql.join(
    parts.map((p) => sql`${p.column}`),
    sql`, `,
  );
  return {
    key: sql<string[]>`jsonb_build_array(${sql.join(parts.map(keyText), sql`, `)})`,
    after(cursor) {
      if (cursor === undefined) return undefined;
      const key = decodeCursor(cursor, parts);
      const values = sql.join(
        parts.map((p, i) => sql`${key[i]}::${sql.raw(p.type)}`),
        sql`, `,
      );
      return direction === 'asc' ? sql`(${columns}) > (${values})` : sql`(${columns}) < (${values})`;
    },
    orderBy: parts.map((p) => (direction === 'asc' ? asc(p.column) : desc(p.column))),
    page(rows, limit) {
      const more = rows.length > limit;
      const kept = rows.slice(0, limit);
      const last = kept.at(-1);
      return {
        items: kept.map(({ cursorKey: _key, ...item }) => item),
        nextCursor: more && last ? encodeCursor(last.cursorKey) : null,
      };
    },
  };
}

/** The most common order: newest (or oldest) first by created_at, ties broken by id. */
export const byCreatedAt = (direction: 'asc' | 'desc', table: { createdAt: AnyPgColumn; id: AnyPgColumn }) =>
  keysetOrder(direction, [
    { column: table.createdAt, type: 'timestamptz' },
    { column: table.id, type: 'uuid' },
  ]);
