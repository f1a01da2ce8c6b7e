// What drawing a player's page on the server costs it (decision 204), against the same page sent with its
// spinner (the anchor, measured in the same run): the built site served by the real server (embedded
// PGlite, sandbox providers), one logged-in player, GET /player/deposit as the browser asks for it (brotli),
// `--pages` times at `--concurrency` after a warm-up, first with the render (PAGE_RENDERS_WAITING=4), then
// without (0). Prints the server's CPU per page, the latency p50/p95 and what the render adds.
// Usage: flock /tmp/bench.lock node bench/page-render.mjs [--pages 600] [--concurrency 4] [--path /player/deposit] [--dist DIR]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { arg } from './lib/args.mjs';
import { percentile } from './lib/call-recorder.mjs';
import { call, register, SANDBOX, SERVER } from './lib/player-reads-http.mjs';
import { cpuSeconds, startNode, stop, waitFor } from './lib/proc.mjs';
import { ensureWebBuilt, webDist } from '../scripts/lib/web-build.mjs';

const PAGES = Math.min(Number(arg('pages', 600)), 10_000);
const CONCURRENCY = Math.min(Number(arg('concurrency', 4)), 64);
const PATH = String(arg('path', '/player/deposit'));
const dist = resolve(String(arg('dist', webDist())));

process.env.WEB_DIST = dist;
if (!process.argv.includes('--no-build')) ensureWebBuilt();

async function measure(waiting) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-page-render-'));
  const sandbox = startNode('apps/sandbox/src/server.ts', {
    SANDBOX_HOST: '127.0.0.1',
    SANDBOX_PORT: new URL(SANDBOX).port,
    SANDBOX_DATA_DIR: 'memory://',
    SANDBOX_PUBLIC_URL: SANDBOX,
  });
  const server = startNode('apps/server/src/server.ts', {
    PORT: new URL(SERVER).port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: dist,
    WORKER_ENABLED: 'false',
    RATE_LIMIT_ENABLED: 'false',
    SANDBOX_URL: SANDBOX,
    PAGE_RENDERS_WAITING: String(waiting),
    // every page drawn however busy the bench keeps the server: the render's cost is what is measured (decision 206)
    PAGE_RENDER_MAX_BUSY: '1',
  });
  try {
    await waitFor(`${SERVER}/api/v2/agency/info`, 240_000);
    await waitFor(`${SANDBOX}/health`);
    const { cookie } = await register();
    // the page measured is the one meant: drawn with the render, the spinner without
    const html = await (await fetch(`${SERVER}${PATH}`, { headers: { cookie } })).text();
    if (html.includes(`data-prerendered="${PATH}"`) !== waiting > 0) throw new Error(`${PATH} is not what this run measures`);
    const page = async () => {
      const t = performance.now();
      const r = await call(`${SERVER}${PATH}`, { cookie, headers: { 'accept-encoding': 'br', 'accept-language': 'lo' } });
      if (r.status !== 200) throw new Error(`GET ${PATH}: ${r.status}`);
      return performance.now() - t;
    };
    const run = async (n) => {
      const times = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next++ < n) times.push(await page());
        }),
      );
      return times.sort((a, b) => a - b);
    };
    await run(Math.ceil(PAGES / 5));
    const before = cpuSeconds(server.pid);
    const times = await run(PAGES);
    const cpuMs = ((cpuSeconds(server.pid) - before) * 1000) / PAGES;
    return { cpuMs, p50: percentile(times, 50), p95: percentile(times, 95) };
  } finally {
    await stop(server);
    await stop(sandbox);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const drawn = await measure(4);
const spinner = await measure(0);
const show = (name, m) =>
  console.log(
    `page-render  ${name}: server CPU ${m.cpuMs.toFixed(2)} ms a page, latency p50 ${m.p50.toFixed(1)} ms, p95 ${m.p95.toFixed(1)} ms`,
  );
show(`${PATH} drawn by the server`, drawn);
show(`${PATH} with its spinner (anchor)`, spinner);
console.log(
  `page-render  the render adds ${(drawn.cpuMs - spinner.cpuMs).toFixed(2)} ms of server CPU a page: ${(drawn.cpuMs / spinner.cpuMs).toFixed(2)}x the anchor (${PAGES} pages, ${CONCURRENCY} at once)`,
);
