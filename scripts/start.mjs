// `npm start`: build the site if needed, then run the server (migrates and seeds on boot) and the sandbox.
// `npm run dev` (--dev): no build; the server and the sandbox restart when their code changes (tsx
// watch), and Vite's dev servers serve the player site and the back office with hot reload, on the
// site's one origin (PORT): the player site's dev server answers there and passes /api to the server
// and /backoffice to the back office's dev server.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ensureWebBuilt } from './lib/web-build.mjs';

// the sandbox pays any QR and mints provider credit: never beside a production server (decision 038)
if (process.env.NODE_ENV === 'production') {
  console.error('[start] npm start is the development setup, sandbox included; in production: npm run build && npm run start:prod');
  process.exit(1);
}

const root = new URL('../', import.meta.url).pathname;
const dev = process.argv.includes('--dev');
if (!dev) ensureWebBuilt();

const require = createRequire(import.meta.url);
const TSX_CLI = require.resolve('tsx/cli');
// vite is the web's: resolved from apps/web; its package exports no bin, its package.json names it
const webRequire = createRequire(join(root, 'apps/web/package.json'));
const vitePackage = webRequire.resolve('vite/package.json');
const VITE_CLI = join(dirname(vitePackage), webRequire(vitePackage).bin.vite);

const children = [];
function spawnChild(name, args, env = {}, cwd = root) {
  const child = spawn(process.execPath, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[start] ${name} exited (${signal ?? code}); stopping`);
    stop(code ?? 1);
  });
  children.push(child);
}
/** a TypeScript service: once, or (dev) watched and restarted on every change of the files it imports */
const run = (name, entry, env = {}) =>
  spawnChild(name, dev ? [TSX_CLI, 'watch', '--clear-screen=false', entry] : ['--import', 'tsx', entry], env);

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

const port = Number(process.env.PORT ?? '3000');
// the demo agency reaches askmebet through AMB's protocol and betflix through Betflix's, both served by
// the sandbox (docs/decisions/140-provider-protocols.md); the other providers stay on the sandbox's own
// and its banks through theirs: BCEL through OnePay, JDB through Yes, LVB through the Open API
// (docs/decisions/136-banks-on-the-demo.md); SEED_DEMO_BANK_PROTOCOLS=false keeps every bank on the sandbox's own
const providerProtocols = {
  PROVIDER_ASKMEBET_PROTOCOL: process.env.PROVIDER_ASKMEBET_PROTOCOL ?? 'amb',
  PROVIDER_BETFLIX_PROTOCOL: process.env.PROVIDER_BETFLIX_PROTOCOL ?? 'betflix',
  SEED_DEMO_BANK_PROTOCOLS: process.env.SEED_DEMO_BANK_PROTOCOLS ?? 'true',
};
// the bank's notices come to the site's address: the sandbox's JDB sends its partner webhook to the
// demo agency's host (the agency is found from it, as for every page)
const publicUrl = process.env.PUBLIC_URL ?? `http://127.0.0.1:${port}`;
run('sandbox', 'apps/sandbox/src/server.ts', {
  JDB_WEBHOOK_URL: process.env.JDB_WEBHOOK_URL ?? `${publicUrl}/api/v2/payments/jdb-yes`,
});
if (dev) {
  // the API one port up (DEV_API_PORT), the back office's dev server on DEV_BACKOFFICE_PORT; the bank's
  // callbacks still come to the site's address, through the player dev server's proxy
  const apiPort = Number(process.env.DEV_API_PORT ?? port + 1);
  const backofficePort = Number(process.env.DEV_BACKOFFICE_PORT ?? 5174);
  const api = `http://127.0.0.1:${apiPort}`;
  run('server', 'apps/server/src/server.ts', {
    ...providerProtocols,
    PORT: String(apiPort),
    PUBLIC_URL: publicUrl,
  });
  const web = join(root, 'apps/web');
  const viteEnv = { DEV_API_URL: api, DEV_BACKOFFICE_URL: `http://127.0.0.1:${backofficePort}` };
  spawnChild(
    'back office (vite)',
    [VITE_CLI, '-c', 'vite.backoffice.config.ts', '--port', String(backofficePort), '--strictPort'],
    viteEnv,
    web,
  );
  spawnChild('player site (vite)', [VITE_CLI, '--port', String(port), '--strictPort'], viteEnv, web);
} else {
  run('server', 'apps/server/src/server.ts', providerProtocols);
}
setTimeout(
  () =>
    console.log(
      `[start] the site: http://localhost:${port}  ·  back office: http://localhost:${port}/backoffice/  ·  API docs: http://localhost:${port}/api/docs${dev ? '  ·  hot reload on' : ''}`,
    ),
  1500,
).unref();
