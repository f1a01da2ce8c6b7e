import http from 'node:http';
import https from 'node:https';

/**
 * One HTTP exchange with the outside world (bank gateway, providers) on kept-alive connections:
 * node:http rather than fetch, which costs the server about twice the CPU per call (web streams,
 * abort signals; measured on the settlement bench, docs/decisions/019-settlement-round-trips.md).
 * `timeoutMs` bounds the whole exchange, the answer's body included. On timeout the error's name
 * is 'TimeoutError' (as fetch's with AbortSignal.timeout); any other failure rejects as it comes.
 */
export interface HttpAnswer {
  status: number;
  text: string;
}

const agents = {
  'http:': new http.Agent({ keepAlive: true }),
  'https:': new https.Agent({ keepAlive: true }),
};

export class HttpTimeoutError extends Error {
  override readonly name = 'TimeoutError';
}

export function httpRequest(
  url: URL,
  opts: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string; timeoutMs: number },
): Promise<HttpAnswer> {
  const secure = url.protocol === 'https:';
  if (!secure && url.protocol !== 'http:') return Promise.reject(new Error(`unsupported protocol ${url.protocol}`));
  const body = opts.body === undefined ? undefined : Buffer.from(opts.body);
  return new Promise<HttpAnswer>((resolve, reject) => {
    let settled = false;
    const finish = (err: Error | null, answer?: HttpAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (err) reject(err);
      else resolve(answer!);
    };
    const req = (secure ? https : http).request(
      url,
      {
        method: opts.method,
        agent: agents[url.protocol as 'http:' | 'https:'],
        headers: { ...opts.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => finish(null, { status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', (err) => finish(err));
        res.on('aborted', () => finish(new Error('the answer was cut off')));
      },
    );
    const timer = setTimeout(() => {
      finish(new HttpTimeoutError(`no answer within ${opts.timeoutMs} ms`));
      req.destroy();
    }, opts.timeoutMs);
    req.on('error', (err) => finish(err));
    req.end(body);
  });
}
