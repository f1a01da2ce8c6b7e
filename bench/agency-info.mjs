// GET /api/v2/agency/info against a bare Fastify hello world, same connections and duration, in one run.
// Usage: node bench/agency-info.mjs [--duration 10] [--connections 10]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { cpuSeconds, startNode, stop, waitFor } from './lib/proc.mjs';

const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const duration = arg('duration', 10);
const connections = arg('connections', 10);

async function measure(url, pid, headers = {}) {
  await autocannon({ url, connections, duration: 2, headers }); // warm-up
  const cpuBefore = cpuSeconds(pid);
  const r = await autocannon({ url, connections, duration, headers });
  const cpuAfter = cpuSeconds(pid);
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  // the server's own CPU per answer: steadier than req/s on a machine shared with other work
  const cpuUs = cpuBefore === null ? null : ((cpuAfter - cpuBefore) * 1e6) / r.requests.total;
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, cpuUs, bytes: r.throughput.total / r.requests.total };
}

const detail = (m) =>
  `${m.rps.toFixed(0)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, ` +
  `${m.cpuUs === null ? '' : `server CPU ${m.cpuUs.toFixed(1)} µs/answer, `}${m.bytes.toFixed(0)} bytes/answer`;

export async function benchAgencyInfo() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-agency-'));
  const hello = startNode('bench/hello-server.ts', { PORT: '3901' });
  const server = startNode('apps/server/src/server.ts', {
    PORT: '3902',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WORKER_ENABLED: 'false',
  });
  try {
    await waitFor('http://127.0.0.1:3901/hello');
    await waitFor('http://127.0.0.1:3902/api/v2/agency/info');
    const base = await measure('http://127.0.0.1:3901/hello', hello.pid);
    const ours = await measure('http://127.0.0.1:3902/api/v2/agency/info', server.pid, { host: 'localhost' });
    const ratio = ours.rps / base.rps;
    console.log(`agency-info  hello world: ${detail(base)}`);
    console.log(`agency-info  /api/v2/agency/info: ${detail(ours)}`);
    console.log(`agency-info  ratio ${ratio.toFixed(2)} (goal ≥ 0.60) ${ratio >= 0.6 ? 'PASS' : 'BELOW GOAL'}`);
    return { base, ours, ratio };
  } finally {
    await Promise.all([stop(hello), stop(server)]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchAgencyInfo();
