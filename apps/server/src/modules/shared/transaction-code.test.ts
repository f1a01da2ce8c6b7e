import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { nextTransactionCode } from './transaction-code.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const next = (agencyId: string, prefix: 'D' | 'W', at: string) =>
  database.db.transaction((tx) => nextTransactionCode(tx, agencyId, prefix, new Date(at)));

describe('transaction codes', () => {
  it('counts each kind and Vientiane day apart', async () => {
    const a = database.agencyId;
    // 17:00 UTC is already the next day in Vientiane (UTC+7)
    expect(await next(a, 'D', '2031-03-01T16:59:59Z')).toBe('D3103010001');
    expect(await next(a, 'D', '2031-03-01T10:00:00Z')).toBe('D3103010002');
    expect(await next(a, 'W', '2031-03-01T10:00:00Z')).toBe('W3103010001');
    expect(await next(a, 'D', '2031-03-01T17:00:00Z')).toBe('D3103020001');
  });

  it('never gives one code twice to orders opened at once', async () => {
    const codes = await Promise.all(Array.from({ length: 20 }, () => next(database.agencyId, 'W', '2031-04-01T03:00:00Z')));
    expect(new Set(codes).size).toBe(20);
    expect(codes.toSorted()[19]).toBe('W3104010020');
  });

  it('grows a digit past 9999 in a day', async () => {
    await queryRows(
      database.db,
      sql`INSERT INTO transaction_code_sequences (agency_id, prefix, day, last_value) VALUES (${database.agencyId}, 'D', '2031-05-01', 9999)`,
    );
    expect(await next(database.agencyId, 'D', '2031-05-01T03:00:00Z')).toBe('D31050110000');
  });
});
