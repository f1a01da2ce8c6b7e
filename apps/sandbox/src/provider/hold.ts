import type { FastifyRequest } from 'fastify';

/**
 * Waits that end early when the caller hangs up or the sandbox closes, so that a fault knob holding
 * an answer for a minute never keeps a test process (or `app.close()`) waiting.
 */
export class Holds {
  private readonly pending = new Set<() => void>();

  wait(ms: number, request?: FastifyRequest): Promise<void> {
    return new Promise((resolve) => {
      const socket = request?.raw.socket;
      if (ms <= 0 || socket?.destroyed) return resolve();
      const done = () => {
        clearTimeout(timer);
        socket?.off('close', done);
        this.pending.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      socket?.once('close', done);
      this.pending.add(done);
    });
  }

  releaseAll(): void {
    for (const done of [...this.pending]) done();
  }
}
