import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach } from 'vitest';

/** One request as the fake bank received it: the raw body, as the signatures cover it. */
export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
  json: unknown;
}

/** An answer: HTTP status and a body (an object is sent as JSON, a string as it is), or 'hang' (no answer at all). */
export type Scripted = { status: number; body: unknown } | 'hang';

/**
 * A bank API for contract tests: it records every request and answers with what the test scripted
 * for its path (the next queued answer, else the path's default), so that a test checks the
 * requests exactly and plays every answer the adapter must handle.
 */
export async function startScriptedHttp() {
  const received: Received[] = [];
  const queued = new Map<string, Scripted[]>();
  const defaults = new Map<string, (req: Received) => Scripted>();
  const hanging = new Set<() => void>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = raw === '' ? null : JSON.parse(raw);
      } catch {
        json = null;
      }
      const path = (req.url ?? '/').split('?')[0]!;
      const r: Received = { method: req.method ?? 'GET', path, headers: req.headers, raw, json };
      received.push(r);
      const answer = queued.get(path)?.shift() ?? defaults.get(path)?.(r) ?? { status: 404, body: { error: 'no script' } };
      if (answer === 'hang') {
        hanging.add(() => res.destroy());
        return;
      }
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address();
  const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  return {
    url,
    received,
    /** the next answers of `path`, in order */
    queue: (path: string, ...answers: Scripted[]) => queued.set(path, [...(queued.get(path) ?? []), ...answers]),
    /** the answer of `path` when nothing is queued */
    otherwise: (path: string, answer: (req: Received) => Scripted) => defaults.set(path, answer),
    reset() {
      received.length = 0;
      queued.clear();
    },
    async close() {
      for (const end of hanging) end();
      await new Promise((r) => server.close(r));
    },
  };
}
export type ScriptedHttp = Awaited<ReturnType<typeof startScriptedHttp>>;

/** A scripted bank for a test file: started before its tests, emptied before each, closed after them. */
export function useScriptedHttp(): ScriptedHttp {
  const bank = {} as ScriptedHttp;
  beforeAll(async () => {
    Object.assign(bank, await startScriptedHttp());
  });
  beforeEach(() => bank.reset());
  afterAll(() => bank.close());
  return bank;
}
