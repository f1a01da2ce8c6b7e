import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** Calls `onLine` with each whole line a child process writes (a log line arrives in pieces, or several at once). */
export function eachLine(stream: NodeJS.ReadableStream, onLine: (line: string) => void) {
  let pending = '';
  stream.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const line of lines) onLine(line);
  });
}

const SERVER_ENTRY = fileURLToPath(new URL('../server.ts', import.meta.url));

/** A free TCP port on loopback (asked of the OS, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The real server as its own process (`node --import tsx apps/server/src/server.ts`), to be killed
 * and started again: what a crash does cannot be seen in-process. Its output is kept (the tail is
 * shown when it fails to start).
 */
export class ServerProcess {
  private child: ChildProcess | null = null;
  private output = '';
  readonly url: string;

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  /** Spawns it and resolves once it answers HTTP (migrations and seed done); throws with its output if it exits or takes too long. */
  async start(timeoutMs = 60_000): Promise<void> {
    if (this.child) throw new Error('already running');
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-20_000);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`server exited (${child.exitCode ?? child.signalCode}):\n${this.output}`);
      const ok = await fetch(`${this.url}/api/v2/agency/info`, { signal: AbortSignal.timeout(2_000) })
        .then((res) => res.status < 500)
        .catch(() => false);
      if (ok) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`server not ready within ${timeoutMs} ms:\n${this.output}`);
  }

  /** Sends the signal and waits for the process to be gone. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = null;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await gone;
  }

  /** Started and not exited (killed by us, or died on its own). */
  get running() {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Started by us and gone without being killed by us: it crashed (its output is in `log`). */
  get crashed() {
    return this.child !== null && !this.running;
  }

  /** Forgets a process that crashed, so that `start` may run it again. */
  forgetCrashed() {
    if (this.crashed) this.child = null;
  }

  /** The process's pid (for a harness that kills it from outside). */
  get pid() {
    return this.child?.pid;
  }

  /** The tail of what it printed. */
  get log() {
    return this.output;
  }
}
