import { spawn } from 'node:child_process';
import { get } from 'node:http';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { planRestart } from './cluster.js';
import { createPostgresDatabase } from './test/database.js';
import { eachLine, freePort } from './test/server-process.js';

// SERVER_PROCESSES=2: the real server process, a node:cluster primary and its two workers (docs/decisions/191)
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url));
const serverUrl = process.env.TEST_DATABASE_URL;

interface Line {
  msg?: string;
  pid?: number;
  role?: string;
  slot?: number;
  worker?: number;
}

/** A GET on a connection of its own (no keep-alive): the primary deals each new connection to the next worker. */
function getOnce(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false, headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

/** Vitest's waitFor, for a probe that answers undefined until it sees `what`. */
const until = <T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeout = 60_000): Promise<T> =>
  vi.waitFor(
    async () => {
      const found = await probe();
      if (found === undefined) throw new Error(`not seen within ${timeout} ms: ${what}`);
      return found;
    },
    { timeout, interval: 100 },
  );

/** The value of an unlabelled metric in a Prometheus text, or undefined when absent. */
const metric = (text: string, name: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
};

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

describe('a dead process is started again', () => {
  it('a second after it died, restarts a second apart at least', () => {
    const restarts: number[] = [];
    expect(planRestart(restarts, 10_000)).toBe(11_000);
    // two dying together: the second waits for the first's restart
    expect(planRestart(restarts, 10_000)).toBe(12_000);
    expect(planRestart(restarts, 30_000)).toBe(31_000);
  });

  it('gives up at the sixth within a minute, and forgets restarts older than a minute', () => {
    const restarts: number[] = [];
    for (let i = 0; i < 5; i++) expect(planRestart(restarts, i * 5_000)).toBe(i * 5_000 + 1_000);
    expect(planRestart(restarts, 30_000)).toBeNull();
    expect(planRestart(restarts, 60_999)).toBeNull();
    // the first restart (at 1 s) is more than a minute old at 61 s
    expect(planRestart(restarts, 61_000)).toBe(62_000);
  });
});

describe.skipIf(!serverUrl)('SERVER_PROCESSES=2 (needs TEST_DATABASE_URL: PGlite lives in one process)', () => {
  it('serves from both processes, one aggregated /metrics, replaces a killed process, and stops on SIGTERM with 0', async () => {
    const fresh = await createPostgresDatabase(serverUrl!);
    cleanups.push(fresh.drop);
    const [port, metricsPort] = [await freePort(), await freePort()];
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        METRICS_PORT: String(metricsPort),
        LOG_LEVEL: 'info',
        DATABASE_URL: fresh.url,
        SERVER_PROCESSES: '2',
        // no job worker: nothing but this test writes the ledger check read below
        WORKER_ENABLED: 'false',
        ONEPAY_LISTENER_ENABLED: 'false',
        WEB_DIST: '/nonexistent',
        SHUTDOWN_DELAY_MS: '100',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cleanups.push(() => void child.kill('SIGKILL'));
    const lines: Line[] = [];
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    eachLine(child.stdout, (line) => {
      output += `${line}\n`;
      try {
        lines.push(JSON.parse(line) as Line);
      } catch {
        // not a log line
      }
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const listening = () => lines.filter((l) => l.role === 'primary' && l.msg === 'server process listening');

    try {
      const started = await until('two server processes listening', () => (listening().length >= 2 ? listening() : undefined), 90_000);
      const workers = new Set(started.map((l) => l.worker));
      expect(workers.size).toBe(2);
      expect(workers.has(child.pid)).toBe(false);

      // requests on new connections until each process has answered some (its pid is on its request log lines)
      const answeredBy = () => new Set(lines.filter((l) => l.msg === 'request completed').map((l) => l.pid));
      await until('requests answered by both processes', async () => {
        const res = await getOnce(`http://127.0.0.1:${port}/api/v2/agency/info`, { host: 'localhost' });
        expect(res.status).toBe(200);
        return [...workers].every((pid) => answeredBy().has(pid)) ? true : undefined;
      });

      // a figure read from the database, the same in both processes: answered once, not summed
      const db = new pg.Client({ connectionString: fresh.url });
      await db.connect();
      await db.query('INSERT INTO ledger_checks (problems, duration_ms) VALUES (3, 1)');
      await db.end();
      const scrape = await getOnce(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(scrape.status).toBe(200);
      expect(metric(scrape.body, 'laocredit_ledger_check_problems')).toBe(3);
      expect(metric(scrape.body, 'laocredit_server_processes')).toBe(2);
      expect(metric(scrape.body, 'laocredit_server_process_restarts_total')).toBe(0);
      // the processes' counters are summed: every request above is in the one text
      const counted = scrape.body
        .split('\n')
        .filter((l) => l.startsWith('laocredit_http_requests_total{') && l.includes('route="/api/v2/agency/info"'))
        .reduce((sum, l) => sum + Number(l.split(' ').pop()), 0);
      const logged = () => lines.filter((l) => l.msg === 'request completed').length;
      await until(`${counted} requests logged (${logged()} so far)`, () => (logged() === counted ? true : undefined), 5_000);
      // the workers open no metrics listener of their own: one process listens on the metrics port
      expect(lines.filter((l) => l.msg === 'metrics listening').map((l) => l.pid)).toEqual([child.pid]);

      // a process killed is replaced, in its slot
      const victim = started[1]!;
      process.kill(victim.worker!, 'SIGKILL');
      const replacement = await until('a process started in the killed one’s slot', () =>
        listening().find((l) => l.slot === victim.slot && !workers.has(l.worker)),
      );
      expect(lines.some((l) => l.msg === 'server process died; starting another in its slot' && l.worker === victim.worker)).toBe(true);
      const again = await getOnce(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(metric(again.body, 'laocredit_server_processes')).toBe(2);
      expect(metric(again.body, 'laocredit_server_process_restarts_total')).toBe(1);
      expect(metric(again.body, 'laocredit_ledger_check_problems')).toBe(3);

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      // each process drained and stopped as a single one does
      const stopped = new Set(lines.filter((l) => l.msg === 'stopped').map((l) => l.pid));
      expect(stopped).toEqual(new Set([started[0]!.worker, replacement.worker]));
    } catch (err) {
      throw new Error(`${(err as Error).message}\n--- server output ---\n${output.slice(-6_000)}`, { cause: err });
    }
  }, 150_000);
});
