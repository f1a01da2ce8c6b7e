import { Agent, request } from 'undici';
import { observeOutboundCall, type OutboundCall } from './metrics/outbound.js';

/**
 * One HTTP exchange with the outside world (bank gateway, providers) on kept-alive connections, with
 * undici's `request` rather than fetch, whose web streams and Response objects cost the server more
 * CPU per call (docs/decisions/021-settlement-in-groups.md).
 * `timeoutMs` bounds the whole exchange, the answer's body included. On timeout the error's name
 * is 'TimeoutError' (as fetch's with AbortSignal.timeout); any other failure rejects as it comes.
 */
export interface HttpAnswer {
  status: number;
  text: string;
}

/** An answer's body as JSON; null when it is empty or not JSON (the callers treat both alike). */
export function answerJson(answer: HttpAnswer): unknown {
  try {
    return answer.text === '' ? null : JSON.parse(answer.text);
  } catch {
    return null;
  }
}

// one connection pool per origin, kept alive between calls (undici's default dispatcher does the same;
// ours is explicit so that no other code's global dispatcher settings reach the money path)
const dispatcher = new Agent({ keepAliveTimeout: 10_000 });

export async function httpRequest(
  url: URL,
  opts: {
    method: 'GET' | 'POST';
    headers: Record<string, string>;
    body?: string;
    timeoutMs: number;
    /** what the call is, for the metrics of bank and provider calls (metrics/outbound.ts) */
    call?: OutboundCall;
  },
): Promise<HttpAnswer> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`unsupported protocol ${url.protocol}`);
  const exchange = async (): Promise<HttpAnswer> => {
    // a timer cleared when the answer is in, not AbortSignal.timeout: that one stays armed after the
    // call and, when it fires, builds a DOMException and dispatches an abort nobody listens to any
    // more (with its creation, ~4 % of the server's CPU per settlement in bench/settlement.mjs)
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DOMException(`no answer within ${opts.timeoutMs} ms`, 'TimeoutError')),
      opts.timeoutMs,
    );
    timer.unref();
    try {
      const res = await request(url, {
        method: opts.method,
        headers: opts.headers,
        body: opts.body ?? null,
        signal: controller.signal,
        dispatcher,
      });
      return { status: res.statusCode, text: await res.body.text() };
    } finally {
      clearTimeout(timer);
    }
  };
  return opts.call ? observeOutboundCall(opts.call, exchange) : exchange();
}
