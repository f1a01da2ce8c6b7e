// `npm test`: everything — types, lint, unit and route tests (Vitest), then the browser journeys (Playwright).
import { spawnSync } from 'node:child_process';
import { ensureWebBuilt } from './lib/web-build.mjs';

const root = new URL('../', import.meta.url).pathname;
const only = process.argv[2];
function step(name, cmd, args) {
  console.log(`\n=== ${name}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } });
  if (r.status !== 0) {
    console.error(`\n${name} failed`);
    process.exit(r.status ?? 1);
  }
  console.log(`=== ${name} took ${Math.round((Date.now() - started) / 1000)} s`);
}
if (!only || only === 'static') {
  step('typecheck', 'npm', ['run', '--silent', 'typecheck']);
  step('lint', 'npm', ['run', '--silent', 'lint']);
}
// the site is built once, first: the first-page budget (a Vitest test) reads it, the browser journeys run it
if (!only || only === 'unit' || only === 'e2e') ensureWebBuilt();
if (!only || only === 'unit') step('vitest', 'npx', ['vitest', 'run']);
if (!only || only === 'e2e') {
  step('playwright', 'npx', ['playwright', 'test']);
}
