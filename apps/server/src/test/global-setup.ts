import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

/**
 * Names where this run's seeded database templates live (`test/database.ts` makes each on first use):
 * a folder for PGlite's data directory and a database name on the server of TEST_DATABASE_URL. Both
 * are removed when the run ends.
 */
export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'laocredit-test-templates-'));
  const postgres = `t_tmpl_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  project.provide('databaseTemplates', { dir, postgres });
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) return;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      for (const name of [postgres, `${postgres}_b`]) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  };
}
