import { answerJson, httpRequest } from '../http-client.js';

/** What came back from a provider: an answer with its status and body, or nothing we can rely on. */
export type Exchange = { answered: true; status: number; json: unknown } | { answered: false; reason: string };

/**
 * One call to a provider of a real protocol (amb, betflix), bounded by the timeout. A timeout, a
 * reset or a refused connection is `answered: false`: for a transfer, the outcome is unknown.
 */
export async function exchange(
  url: URL,
  opts: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string; timeoutMs: number },
): Promise<Exchange> {
  try {
    const res = await httpRequest(url, opts);
    return { answered: true, status: res.status, json: answerJson(res) };
  } catch (err) {
    const name = err instanceof Error ? err.name : '';
    if (name === 'TimeoutError' || name === 'AbortError') return { answered: false, reason: `no answer within ${opts.timeoutMs} ms` };
    return { answered: false, reason: `network error: ${err instanceof Error ? err.message : String(err)}` };
  }
}
