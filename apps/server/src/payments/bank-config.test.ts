import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_CODES, parseLaoQr } from '@app/contracts';
import { queryRows } from '../db/client.js';
import { agencyBankConfig } from '../db/schema/index.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { bankConfigFor, laoQrFor, seedBankConfig } from './bank-config.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const rowsOf = (agencyId: string) => database.db.select().from(agencyBankConfig).where(eq(agencyBankConfig.agencyId, agencyId));

describe('agency bank configuration', () => {
  it('is seeded for the demo agency, all six banks, with the published IINs', async () => {
    expect((await rowsOf(database.agencyId)).map((r) => r.bank).sort()).toEqual([...BANK_CODES].sort());
    expect(await bankConfigFor(database.db, database.agencyId, 'bcel')).toEqual({
      bank: 'bcel',
      iin: '27710418',
      merchantId: 'DEMO-BCEL-001',
      mcc: '5816',
      merchantName: 'Lao Credit Demo',
      city: 'Vientiane',
    });
    expect((await bankConfigFor(database.db, database.agencyId, 'indochina'))?.iin).toBe('70140418');
    expect((await bankConfigFor(database.db, database.agencyId, 'kasikam'))?.iin).toBe('70120418');
  });

  it('builds the QR of an order from the configuration of the chosen bank', async () => {
    const config = (await bankConfigFor(database.db, database.agencyId, 'lvb'))!;
    const fields = parseLaoQr(laoQrFor(config, { amountLak: 75_000n, billNumber: 'D2611220007', reference: 'D2611220007' }));
    expect(fields).toMatchObject({
      iin: '70050418',
      bank: 'lvb',
      merchantId: 'DEMO-LVB-001',
      amountLak: 75_000n,
      billNumber: 'D2611220007',
    });
  });

  it('answers null for a bank or agency without configuration', async () => {
    await database.db
      .delete(agencyBankConfig)
      .where(and(eq(agencyBankConfig.agencyId, database.agencyId), eq(agencyBankConfig.bank, 'jdb')));
    expect(await bankConfigFor(database.db, database.agencyId, 'jdb')).toBeNull();
    expect(await bankConfigFor(database.db, '00000000-0000-0000-0000-000000000000', 'bcel')).toBeNull();
  });

  it('seedBankConfig fills the gaps and leaves edited rows alone', async () => {
    await database.db
      .update(agencyBankConfig)
      .set({ merchantId: 'EDITED-BY-STAFF' })
      .where(and(eq(agencyBankConfig.agencyId, database.agencyId), eq(agencyBankConfig.bank, 'bcel')));
    await seedBankConfig(database.db, database.agencyId);
    expect(await rowsOf(database.agencyId)).toHaveLength(6);
    expect((await bankConfigFor(database.db, database.agencyId, 'bcel'))?.merchantId).toBe('EDITED-BY-STAFF');
  });

  it("the migration's own insert configures an existing demo agency the same way", async () => {
    await database.db.delete(agencyBankConfig).where(eq(agencyBankConfig.agencyId, database.agencyId));
    const migration = readFileSync(new URL('../db/migrations/0005_payment_config.sql', import.meta.url), 'utf8');
    await database.runScript(migration.slice(migration.indexOf('INSERT INTO')));
    const fromMigration = await rowsOf(database.agencyId);
    await database.db.delete(agencyBankConfig).where(eq(agencyBankConfig.agencyId, database.agencyId));
    await seedBankConfig(database.db, database.agencyId);
    const fromSeed = await rowsOf(database.agencyId);
    const comparable = (rows: typeof fromSeed) => rows.map(({ updatedAt: _u, ...r }) => r).sort((a, b) => a.bank.localeCompare(b.bank));
    expect(comparable(fromMigration)).toEqual(comparable(fromSeed));
    expect(fromMigration).toHaveLength(6);
  });

  it('the database refuses KBank without an IIN and malformed values', async () => {
    const bad = [
      sql`INSERT INTO agency_bank_config (agency_id, bank, iin, merchant_id, mcc, merchant_name, city) VALUES (${database.agencyId}, 'kasikam', NULL, 'M1', '5816', 'N', 'C') ON CONFLICT (agency_id, bank) DO UPDATE SET iin = NULL`,
      sql`UPDATE agency_bank_config SET mcc = '58A6' WHERE agency_id = ${database.agencyId}`,
      sql`UPDATE agency_bank_config SET merchant_name = ${'N'.repeat(26)} WHERE agency_id = ${database.agencyId}`,
      sql`UPDATE agency_bank_config SET iin = '123' WHERE agency_id = ${database.agencyId}`,
    ];
    for (const query of bad) await expect(queryRows(database.db, query)).rejects.toThrow();
  });
});
