// The server's production build (docs/decisions/100-production-build.md): esbuild bundles the server's
// own code and @app/contracts (TypeScript, workspace packages) into apps/server/dist as ES modules for
// plain `node`; every other package stays an import, resolved from node_modules at run time, so it must
// be a dependency of apps/server (checked here: `npm ci --omit=dev` installs nothing else). The SQL the
// migrator reads at run time is copied beside the bundle, where its import.meta.url finds it.
import { builtinModules } from 'node:module';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const root = new URL('../', import.meta.url).pathname;
const server = join(root, 'apps/server');
const out = join(server, 'dist');

/** The programs of the build: name → entry. Each becomes dist/<name>.js. */
export const ENTRIES = {
  server: 'src/server.ts',
  // `npm run ops` in production (scripts/ops.mjs)
  ops: 'src/ops/ops.ts',
};

const dependencies = new Set(Object.keys(JSON.parse(readFileSync(join(server, 'package.json'), 'utf8')).dependencies));
const builtins = new Set(builtinModules);
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Bare imports: the workspace's own packages are bundled; a dependency stays external; anything else fails the build. */
const dependenciesOnly = {
  name: 'dependencies-only',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || builtins.has(args.path)) return { external: true };
      const name = packageOf(args.path);
      if (name.startsWith('@app/')) return undefined;
      if (dependencies.has(name)) return { external: true };
      return { errors: [{ text: `${name} is imported at run time (by ${args.importer}) but is not a dependency of apps/server` }] };
    });
  },
};

rmSync(out, { recursive: true, force: true });
const result = await build({
  absWorkingDir: server,
  entryPoints: ENTRIES,
  outdir: out,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  // app.ts stays a chunk of its own, loaded after the configuration is judged (server.ts)
  splitting: true,
  sourcemap: true,
  logLevel: 'warning',
  metafile: true,
  plugins: [dependenciesOnly],
});
for (const dir of ['migrations', 'functions']) cpSync(join(server, 'src/db', dir), join(out, dir), { recursive: true });

const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
console.log(`server built: ${Object.keys(ENTRIES).join(', ')} → apps/server/dist (${(bytes / 1024).toFixed(0)} KiB with source maps)`);
