// Builds apps/web when its sources changed since the last build (a hash of the inputs is kept in dist).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = new URL('../../', import.meta.url).pathname;
const inputs = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/backoffice.html',
  'apps/web/vite.config.ts',
  'apps/web/vite.backoffice.config.ts',
  'apps/web/vite.plugins.ts',
  'apps/web/vite-plugins',
  'packages/contracts/src',
  'package-lock.json',
];

function walk(path, hash) {
  if (!existsSync(path)) return;
  const st = statSync(path);
  if (st.isDirectory()) {
    for (const name of readdirSync(path).sort()) {
      if (name === 'routeTree.gen.ts' || name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue;
      walk(join(path, name), hash);
    }
  } else {
    hash.update(path.slice(root.length));
    hash.update(readFileSync(path));
  }
}

/** Where the player site is built: WEB_DIST, which lets several checkouts or helpers build side by side without racing on one folder, else apps/web/dist. */
export const webDist = () => process.env.WEB_DIST ?? join(root, 'apps/web/dist');

export function ensureWebBuilt({ force = false } = {}) {
  const hash = createHash('sha256');
  for (const p of inputs) walk(join(root, p), hash);
  const digest = hash.digest('hex');
  const outDir = webDist();
  const stamp = join(outDir, '.build-hash');
  if (!force && existsSync(stamp) && readFileSync(stamp, 'utf8') === digest) return false;
  console.log('[build] building the player site and the back office (apps/web)…');
  // the player site into outDir, then the back office (its own entry and build) into outDir/backoffice
  for (const args of [
    ['--outDir', outDir],
    ['-c', 'vite.backoffice.config.ts', '--outDir', join(outDir, 'backoffice')],
  ]) {
    // NODE_ENV as a production build has it, also when a test (Vitest sets NODE_ENV=test) asks for the build
    const r = spawnSync('npx', ['vite', 'build', ...args, '--emptyOutDir'], {
      cwd: join(root, 'apps/web'),
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  writeFileSync(stamp, digest);
  return true;
}
