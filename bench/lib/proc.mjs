// Starting and stopping the services a benchmark measures (loopback only, bounded in time).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';

export const root = new URL('../../', import.meta.url).pathname;

/** `stdout: 'pipe'` keeps the process's standard output readable (its log), else it is dropped. */
export function startNode(entry, env = {}, { stdout = 'ignore' } = {}) {
  // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the measured services
  const extra = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...extra, '--import', 'tsx', entry], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', stdout, 'inherit'],
  });
  return child;
}

export async function waitFor(url, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

// CPU seconds (user + system) a process has used so far, from /proc (Linux; null elsewhere)
const TICKS_PER_SECOND = 100;
export function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND; // utime, stime
  } catch {
    return null;
  }
}

/** CPU seconds used so far by a process and its living children (a server's node:cluster workers); null off Linux. */
export function cpuSecondsOfTree(pid) {
  const own = cpuSeconds(pid);
  if (own === null) return null;
  const children = readdirSync('/proc').filter((p) => {
    try {
      return /^\d+$/.test(p) && readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ')[1] === String(pid);
    } catch {
      return false; // the process ended meanwhile
    }
  });
  return children.reduce((total, child) => total + (cpuSecondsOfTree(child) ?? 0), own);
}

/** The pids of every process of this name (e.g. all PostgreSQL backends); empty off Linux. */
export function pidsOf(name) {
  if (!existsSync('/proc')) return [];
  return readdirSync('/proc').filter((pid) => {
    try {
      return /^\d+$/.test(pid) && readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === name;
    } catch {
      return false; // the process ended meanwhile
    }
  });
}

/** CPU seconds used so far by every process of this name (e.g. all PostgreSQL backends); null off Linux. */
export function cpuSecondsOf(name) {
  if (!existsSync('/proc')) return null;
  return pidsOf(name).reduce((total, pid) => total + (cpuSeconds(pid) ?? 0), 0);
}
