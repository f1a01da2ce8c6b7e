// `npm run bench`: every benchmark in one run, each printing its own figures and goal.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const root = new URL('../', import.meta.url).pathname;
const benches = [
  ['agency-info', 'bench/agency-info.mjs'],
  ['player-reads', 'bench/player-reads.mjs'],
  ['page-render', 'bench/page-render.mjs'],
  ['bundle-size', 'bench/bundle-size.mjs'],
  ['settlement', 'bench/settlement.mjs'],
  ['settlement-floor', 'bench/settlement-floor.mjs'],
  ['backoffice', 'bench/backoffice.mjs'],
];
let failed = 0;
for (const [name, file] of benches) {
  if (!existsSync(root + file)) continue;
  console.log(`\n=== ${name}`);
  const r = spawnSync(process.execPath, [file, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
