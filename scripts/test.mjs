// `npm test`: everything — types, lint, unit and route tests (Vitest), then the browser journeys (Playwright).
import { spawn, spawnSync } from 'node:child_process';
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
// Side by side, each one's output printed whole when it ends (both are single-threaded: on two cores
// the pair takes about as long as the slower one).
function together(steps) {
  const started = Date.now();
  return Promise.all(
    steps.map(
      ([name, cmd, args]) =>
        new Promise((resolve) => {
          const child = spawn(cmd, args, { cwd: root, env: process.env });
          let out = '';
          child.stdout.on('data', (d) => (out += d));
          child.stderr.on('data', (d) => (out += d));
          child.on('close', (status) => {
            console.log(
              `\n=== ${name}\n${out}=== ${name} ${status === 0 ? 'took' : 'failed after'} ${Math.round((Date.now() - started) / 1000)} s`,
            );
            resolve(status);
          });
        }),
    ),
  ).then((statuses) => {
    if (statuses.some((s) => s !== 0)) {
      console.error('\nthe static checks failed');
      process.exit(1);
    }
  });
}
if (!only || only === 'static') {
  await together([
    ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
    ['lint', 'npm', ['run', '--silent', 'lint']],
  ]);
}
// the site is built once, first: the first-page budget (a Vitest test) reads it, the browser journeys run it
if (!only || only === 'unit' || only === 'e2e') ensureWebBuilt();
if (!only || only === 'unit') step('vitest', 'npx', ['vitest', 'run']);
if (!only || only === 'e2e') {
  step('playwright', 'npx', ['playwright', 'test']);
}
