import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
/** the engine production runs on (docs/decisions/100-production-build.md), from the npm registry's `node` package */
export const PRODUCTION_NODE = 'node@24';

/**
 * A production release in a directory of its own, as an operator makes it: `npm run build:server` in
 * the repository, then the package files and the build copied, and `npm ci --omit=dev` there (no
 * dev dependency, no tsx, no TypeScript source). `node` is the binary of PRODUCTION_NODE.
 */
export interface Release {
  dir: string;
  node: string;
  remove(): void;
}

export function makeRelease(): Release {
  execFileSync(process.execPath, [join(ROOT, 'scripts/build-server.mjs')], { cwd: ROOT, stdio: 'pipe' });
  const dir = mkdtempSync(join(tmpdir(), 'laocredit-release-'));
  for (const file of ['package.json', 'package-lock.json']) cpSync(join(ROOT, file), join(dir, file));
  // every workspace's package.json (npm ci needs the lock's workspaces), the server's build, nothing else
  for (const parent of ['apps', 'packages']) {
    for (const name of readdirSync(join(ROOT, parent))) {
      const manifest = join(ROOT, parent, name, 'package.json');
      if (!existsSync(manifest)) continue;
      mkdirSync(join(dir, parent, name), { recursive: true });
      cpSync(manifest, join(dir, parent, name, 'package.json'));
    }
  }
  cpSync(join(ROOT, 'apps/server/dist'), join(dir, 'apps/server/dist'), { recursive: true });
  // from the cache the repository's own `npm ci` filled, where it can
  npm(['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], dir);
  const node = npm(
    ['exec', '--yes', '--prefer-offline', `--package=${PRODUCTION_NODE}`, '--', 'node', '-p', 'process.execPath'],
    tmpdir(),
  ).trim();
  return { dir, node, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** What npm fails with when the registry's connection broke, not the command (a clean-clone CI run met ECONNRESET). */
const NETWORK_ERROR = /\b(ECONNRESET|ETIMEDOUT|EAI_AGAIN|ECONNREFUSED|ENOTFOUND)\b|npm error network/;

/** `npm …` in `cwd`, its output; tried up to three times when the registry's connection fails, at once otherwise. */
function npm(args: string[], cwd: string): string {
  for (let attempt = 1; ; attempt++) {
    try {
      return execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: 'pipe' });
    } catch (err) {
      const stderr = String((err as { stderr?: unknown }).stderr ?? '');
      if (attempt >= 3 || !NETWORK_ERROR.test(stderr)) throw err;
      spawnSync('sleep', [String(5 * attempt)]);
    }
  }
}

/** A port nothing listens on now (the OS's choice). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface Running {
  child: ChildProcess;
  /** everything it printed, stdout and stderr */
  output(): string;
  /** resolves with the exit code */
  exited: Promise<number | null>;
}

/** `npm run start:prod`'s command, run from the release with exactly `env` (and PATH). */
export function startRelease(release: Release, env: Record<string, string>): Running {
  const child = spawn(release.node, ['--enable-source-maps', 'apps/server/dist/server.js'], {
    cwd: release.dir,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

/** `npm run ops -- …args` as production runs it (scripts/ops.mjs: the build with plain node), from the release with exactly `env`. */
export function runReleaseOps(release: Release, env: Record<string, string>, args: string[]): { status: number | null; output: string } {
  const done = spawnSync(release.node, ['--enable-source-maps', 'apps/server/dist/ops.js', ...args], {
    cwd: release.dir,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: done.status, output: `${done.stdout}${done.stderr}` };
}

/** Waits until `url` answers (any status), or throws after `ms`. */
export async function waitForAnswer(url: string, running: Running, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (running.child.exitCode !== null) throw new Error(`exited ${running.child.exitCode}:\n${running.output()}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`no answer from ${url} within ${ms} ms:\n${running.output()}`);
}
