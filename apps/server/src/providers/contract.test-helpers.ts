import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the fake provider answers: a status and a body (JSON unless a string), after a delay, or never. */
export type Scripted = { status?: number; body: unknown; delayMs?: number } | 'hang';

/**
 * A provider that records every request exactly as it arrived and answers from a script, for the
 * contract tests of the real-protocol adapters: what we send is compared with what the public
 * clients send, and every answer the adapter handles is played to it.
 */
export async function fakeProvider() {
  const requests: Recorded[] = [];
  const script: ((r: Recorded) => Scripted | undefined)[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const recorded = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
      requests.push(recorded);
      let answer: Scripted | undefined;
      for (const rule of script) if ((answer = rule(recorded))) break;
      if (answer === 'hang') return;
      const a = answer ?? { status: 404, body: 'no script' };
      const send = () => {
        res.statusCode = a.status ?? 200;
        res.end(typeof a.body === 'string' ? a.body : JSON.stringify(a.body));
      };
      if (a.delayMs) setTimeout(send, a.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    /** answers requests whose "METHOD path" starts with `prefix`; the latest rule wins */
    on(prefix: string, answer: Scripted | ((r: Recorded) => Scripted)) {
      script.unshift((r) => (`${r.method} ${r.path}`.startsWith(prefix) ? (typeof answer === 'function' ? answer(r) : answer) : undefined));
    },
    reset() {
      requests.length = 0;
      script.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
