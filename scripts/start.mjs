// `npm start`: build the site if needed, then run the server (migrates and seeds on boot) and the sandbox.
import { spawn } from 'node:child_process';
import { ensureWebBuilt } from './lib/web-build.mjs';

// the sandbox pays any QR and mints provider credit: never beside a production server (decision 038)
if (process.env.NODE_ENV === 'production') {
  console.error('[start] npm start is the development setup, sandbox included; in production: npm run build && npm run start:prod');
  process.exit(1);
}

const root = new URL('../', import.meta.url).pathname;
ensureWebBuilt();

const children = [];
function run(name, entry, env = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[start] ${name} exited (${signal ?? code}); stopping`);
    stop(code ?? 1);
  });
  children.push(child);
}

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const c of children) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
  Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r() : c.on('exit', r))))).then(() => process.exit(code));
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

run('sandbox', 'apps/sandbox/src/server.ts');
run('server', 'apps/server/src/server.ts');
const port = process.env.PORT ?? '3000';
setTimeout(() => console.log(`[start] the site: http://localhost:${port}  ·  API docs: http://localhost:${port}/api/docs`), 1500).unref();
