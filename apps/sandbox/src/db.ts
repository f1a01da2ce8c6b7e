import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * Opens one of the sandbox's own PGlite databases (each part of the outside world keeps its state
 * apart, as separate companies would): `${dir}` on disk, or in memory when `dir` starts with
 * `memory://`. Tables are created by the caller with plain SQL (`CREATE TABLE IF NOT EXISTS`).
 */
export async function openSandboxDb(dir: string): Promise<PGlite> {
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  return PGlite.create(dir);
}

/** `${SANDBOX_DATA_DIR}/<part>`, staying in memory when the data dir itself is `memory://`. */
export function sandboxDbDir(dataDir: string, part: string): string {
  return dataDir.startsWith('memory://') ? 'memory://' : join(dataDir, part);
}
