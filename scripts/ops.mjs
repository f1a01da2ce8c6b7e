// `npm run ops -- <command>` (docs/decisions/111-operations-command.md): in production the server's
// build (apps/server/dist/ops.js, made by `npm run build`) with plain node, as `npm run start:prod`
// runs the server; elsewhere the TypeScript source through tsx. Its arguments and exit status pass through.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../', import.meta.url).pathname;
const production = process.env.NODE_ENV === 'production';
const built = join(root, 'apps/server/dist/ops.js');
if (production && !existsSync(built)) {
  console.error('[ops] apps/server/dist/ops.js is missing: run `npm run build` first');
  process.exit(1);
}
const args = production
  ? ['--enable-source-maps', built, ...process.argv.slice(2)]
  : ['--import', 'tsx', join(root, 'apps/server/src/ops/ops.ts'), ...process.argv.slice(2)];
const { status, signal } = spawnSync(process.execPath, args, { stdio: 'inherit', cwd: process.cwd() });
process.exit(status ?? (signal ? 1 : 0));
