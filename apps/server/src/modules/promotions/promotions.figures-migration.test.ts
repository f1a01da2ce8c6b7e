import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.js';
import { migrate } from '../../db/migrate.js';
import { seedReference } from '../../db/seed.js';
import { openEmptyDatabase } from '../../test/database.js';
import { foldPromotionFigures, promotionFigures } from './promotions.figures.js';
import { byPromotion, groupedFigures } from './promotions.test-helpers.js';

/**
 * Migration 0049 on a database that already has usages (decision 079): the figures it counts are the
 * grouped read's, and the triggers it leaves keep them so. On both engines.
 */

const MIGRATIONS = fileURLToPath(new URL('../../db/migrations/', import.meta.url));
const FUNCTIONS = fileURLToPath(new URL('../../db/functions/', import.meta.url));

let database: Database;
let drop = async () => {};
let scratch: string;
beforeAll(async () => {
  ({ database, drop } = await openEmptyDatabase(2));
  // the migrations and function files as they were before 0049
  scratch = mkdtempSync(join(tmpdir(), 'figures-migration-'));
  for (const dir of ['migrations', 'functions'])
    cpSync(dir === 'migrations' ? MIGRATIONS : FUNCTIONS, join(scratch, dir), { recursive: true });
  for (const f of readdirSync(join(scratch, 'migrations'))) if (f >= '0049') rmSync(join(scratch, 'migrations', f));
  rmSync(join(scratch, 'functions', 'promotion_figures.sql'));
  await migrate(database, { migrations: join(scratch, 'migrations') + '/', functions: join(scratch, 'functions') + '/' });
}, 120_000);
afterAll(async () => {
  await database?.close();
  await drop();
  rmSync(scratch, { recursive: true, force: true });
});

const grouped = (agencyId: string) => groupedFigures(database.db, agencyId);
const kept = async (agencyId: string) => byPromotion((await promotionFigures(database.db, agencyId)).figures);

describe('migration 0049 (promotion figures kept)', () => {
  it('counts the usages already there, then the triggers keep the figures exact', async () => {
    await seedReference(database.db);
    // an agency as the schema before 0049 holds one (today's code writes columns added since)
    const [{ id: agencyId }] = (await queryRows<{ id: string }>(
      database.db,
      sql`INSERT INTO agencies (code, name, social, settings) VALUES ('mig', 'Migration', '{}', '{}') RETURNING id`,
    )) as [{ id: string }];
    await database.db.execute(sql`
      INSERT INTO promotions (agency_id, code, texts, providers, starts_at, rules)
      SELECT ${agencyId}, 'MIG' || k, '{"lo":{"name":"x"}}', ARRAY['gclub'], now(), '{}' FROM generate_series(1, 3) AS k`);
    await database.db.execute(sql`
      INSERT INTO players (agency_id, username, password_hash, display_name)
      SELECT ${agencyId}, 'mig' || k, 'x', 'mig' || k FROM generate_series(1, 40) AS k`);
    // every kind of usage: held, used with a bonus, taken back in part, voided, expired, succeeded
    await database.db.execute(sql`
      INSERT INTO promotion_usages (agency_id, player_id, promotion_id, provider_id, status, deposit_order_id, bonus, clawed_back, closed_by,
                                    expires_at, closed_at)
      SELECT ${agencyId}, p.id, (SELECT id FROM promotions WHERE code = 'MIG' || (1 + p.k % 3)), 'gclub', s.status,
             CASE WHEN s.status IN ('USED', 'SUCCESS') OR s.closed_by IN ('STAFF', 'VOIDED') THEN gen_random_uuid() END,
             CASE WHEN s.status IN ('USED', 'SUCCESS') OR s.closed_by IN ('STAFF', 'VOIDED') THEN 1000 + p.k END,
             CASE WHEN s.closed_by = 'STAFF' THEN 300 WHEN s.closed_by = 'VOIDED' THEN 0 END,
             s.closed_by, now() + interval '1 day', CASE WHEN s.status NOT IN ('ACTIVE', 'USED') THEN now() END
        FROM (SELECT id, row_number() OVER (ORDER BY username)::int AS k FROM players WHERE agency_id = ${agencyId}) p
        JOIN (VALUES (0, 'ACTIVE', NULL), (1, 'USED', NULL), (2, 'CANCELED', 'STAFF'), (3, 'CANCELED', 'VOIDED'),
                     (4, 'INACTIVE', 'EXPIRED'), (5, 'SUCCESS', 'WITHDRAWAL')) AS s (n, status, closed_by) ON s.n = p.k % 6`);
    const before = await grouped(agencyId);
    expect(before).toHaveLength(3);

    expect((await migrate(database)).migrations[0]).toBe('0049_promotion_figures.sql');
    expect(await kept(agencyId)).toEqual(before);
    expect((await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM promotion_figures`))[0]!.n).toBe(3);

    await database.db
      .execute(sql`UPDATE promotion_usages SET status = 'CANCELED', clawed_back = least(bonus, 500), closed_by = 'STAFF', closed_at = now()
                                   WHERE status = 'USED'`);
    await database.db.execute(sql`DELETE FROM promotion_usages WHERE status = 'INACTIVE'`);
    expect(await kept(agencyId)).toEqual(await grouped(agencyId));
    await foldPromotionFigures(database.db);
    expect(await kept(agencyId)).toEqual(await grouped(agencyId));
  });
});
