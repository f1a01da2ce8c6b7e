import { BETFLIX_CODES, protocolCodeName } from '@app/contracts';
import { exchange } from '../exchange.js';

/**
 * The Betflix v4 API as public clients call it (docs/decisions/140-provider-protocols.md): paths
 * under /v4, form-encoded bodies, two key headers (`x-api-betflix`, `x-api-key`), answers with
 * `error_code` 0 for success, `status`, `msg` and `data`.
 */
export { BETFLIX_CODES };
export const betflixCodeName = (code: number) => protocolCodeName(BETFLIX_CODES, 'BETFLIX', code);

export type BetflixAnswer = { kind: 'answer'; code: number; msg: string; data: unknown } | { kind: 'none'; reason: string };

export interface BetflixCallOptions {
  baseUrl: string;
  /** the `x-api-key` header */
  key: string;
  /** the `x-api-betflix` header */
  secret: string;
  timeoutMs: number;
}

export async function betflixCall(
  opts: BetflixCallOptions,
  method: 'GET' | 'POST',
  path: string,
  params: Record<string, string>,
): Promise<BetflixAnswer> {
  const query = new URLSearchParams(params).toString();
  const url = new URL(opts.baseUrl.replace(/\/+$/, '') + '/v4' + path + (method === 'GET' && query ? `?${query}` : ''));
  const headers: Record<string, string> = { 'x-api-betflix': opts.secret, 'x-api-key': opts.key, accept: 'application/json' };
  if (method === 'POST') headers['content-type'] = 'application/x-www-form-urlencoded';
  const x = await exchange(url, { method, headers, timeoutMs: opts.timeoutMs, ...(method === 'POST' ? { body: query } : {}) });
  if (!x.answered) return { kind: 'none', reason: x.reason };
  const body = x.json as Record<string, unknown> | null;
  if (x.status >= 500 || typeof body !== 'object' || body === null || typeof body.error_code !== 'number') {
    return { kind: 'none', reason: `HTTP ${x.status}, no Betflix answer` };
  }
  return { kind: 'answer', code: body.error_code, msg: typeof body.msg === 'string' ? body.msg : '', data: body.data ?? null };
}

/** A date as Betflix's reports take it (YYYY-MM-DD), in Bangkok time (UTC+7, no daylight saving). */
export const betflixDate = (at: number) => new Date(at + 7 * 3_600_000).toISOString().slice(0, 10);
