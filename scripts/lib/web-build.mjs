// Builds apps/web when its sources changed since the last build (a hash of the inputs is kept in dist).
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
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

export function ensureWebBuilt({ force = false } = {}) {
  const hash = createHash('sha256');
  for (const p of inputs) walk(join(root, p), hash);
  const digest = hash.digest('hex');
  // WEB_DIST lets several checkouts or helpers build side by side without racing on one folder
  const outDir = process.env.WEB_DIST ?? join(root, 'apps/web/dist');
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
  precompress(outDir);
  writeFileSync(stamp, digest);
  return true;
}

/**
 * Writes `.br` and `.gz` beside every text asset once, at build time, so that the server sends
 * compressed files without compressing on each request (players are on slow mobile networks).
 */
function precompress(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      precompress(path);
      continue;
    }
    if (!/\.(js|css|html|svg|json|txt|webmanifest)$/.test(name)) continue;
    const data = readFileSync(path);
    if (data.length < 1024) continue;
    writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
  }
}
