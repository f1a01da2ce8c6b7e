import { spawn, type ChildProcess } from 'node:child_process';

/**
 * A redis-server of the caller's own on `port` (so that killing it touches nobody else's Redis): the
 * soak's Redis (scripts/soak), and the tests of what the server answers while Redis restarts.
 */
export class RedisProcess {
  private child: ChildProcess | null = null;
  constructor(readonly port: number) {}

  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start() {
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    this.child = child;
    for (let i = 0; i < 100; i++) {
      if (await this.ping()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`redis-server on ${this.port} did not start`);
  }

  /** Its process killed (SIGKILL: a crash, not a shutdown) and started again on the same port. */
  async restart() {
    await this.crash();
    await this.start();
  }

  /** Its process killed with SIGKILL, not started again. */
  async crash() {
    const child = this.child;
    if (child && child.exitCode === null) {
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await gone;
    }
  }

  private ping(): Promise<boolean> {
    return new Promise((resolve) => {
      const c = spawn('redis-cli', ['-p', String(this.port), 'ping'], { stdio: ['ignore', 'pipe', 'ignore'] });
      let out = '';
      c.stdout.on('data', (d: Buffer) => (out += d.toString()));
      c.on('exit', () => resolve(out.trim() === 'PONG'));
    });
  }

  async stop() {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await gone;
  }
}
