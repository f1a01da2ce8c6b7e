import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pLimit from 'p-limit';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from './test/database.js';
import { safeProductionEnv, unsafeProductionCases } from './test/production-env.js';
import { eachLine } from './test/server-process.js';

// The real server process, as `npm run start:prod` starts it (docs/decisions/038-production-fails-closed.md)
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url));

interface Run {
  code: number | null;
  stderr: string;
}

/** Starts server.ts with exactly `env` (and PATH); resolves when it exits, or calls `onLine` per stdout line. */
function startServer(env: Record<string, string>, onLine?: (line: string, stop: () => void) => void): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    eachLine(child.stdout, (line) => onLine?.(line, () => child.kill('SIGTERM')));
    // a server that neither refuses nor listens within the time is a failure, not a hang
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

describe('NODE_ENV=production, the real server process', () => {
  const limit = pLimit(4);
  const cases = unsafeProductionCases();
  // started together (four at a time): each one is a Node process loading the server
  const runs = cases.map((c) => limit(() => startServer({ ...c.env, DATA_DIR: '/nonexistent' })));

  it.each(cases.map((c, i) => ({ ...c, i })))('refuses to start with $variable $why, naming it', async ({ variable, i }) => {
    const run = await runs[i]!;
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Invalid configuration');
    expect(run.stderr).toMatch(new RegExp(`^  ${variable}: `, 'm'));
  });

  // production refuses PGlite (DATABASE_URL is required), so the start needs a PostgreSQL server
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'starts with every value safe: migrates, creates no demo agency, serves no API docs, stops on SIGTERM (needs TEST_DATABASE_URL)',
    async () => {
      const serverUrl = process.env.TEST_DATABASE_URL!;
      const fresh = await createPostgresDatabase(serverUrl);
      cleanups.push(fresh.drop);
      const database = { DATABASE_URL: fresh.url, MIGRATE_ON_START: 'true' };
      const seen: { agency?: number; docs?: number; error?: unknown } = {};
      const run = await startServer({ ...safeProductionEnv(), ...database, WORKER_ENABLED: 'false' }, (line, stop) => {
        const address = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
        if (!address) return;
        Promise.all([
          fetch(`${address}/api/v2/agency/info`, { headers: { host: 'localhost' } }),
          fetch(`${address}/api/docs/openapi.json`, { headers: { host: 'localhost' } }),
        ])
          .then(([agency, docs]) => Object.assign(seen, { agency: agency.status, docs: docs.status }))
          .catch((error: unknown) => (seen.error = error))
          .finally(stop);
      });
      expect(run.stderr).toBe('');
      expect(seen.error).toBeUndefined();
      expect(run.code).toBe(0);
      // the demo agency (localhost) was not created, and the API reference is not published
      expect(seen.agency).toBe(404);
      expect(seen.docs).toBe(404);
      {
        const client = new pg.Client({ connectionString: database.DATABASE_URL });
        await client.connect();
        const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM agencies');
        await client.end();
        expect(rows[0]!.n).toBe(0);
      }
    },
  );
});
