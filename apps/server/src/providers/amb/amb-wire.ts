import { createHash } from 'node:crypto';
import { AMB_CODES, protocolCodeName } from '@app/contracts';
import { exchange, type Exchange } from '../exchange.js';

export { AMB_CODES };

/**
 * The AMB (askmebet) partner API as public clients call it (docs/decisions/140-provider-protocols.md):
 * JSON bodies under /v0.1/partner/member, the partner key in the path, an MD5 `signature` field over
 * colon-joined values ending with the agent's name. Answers are HTTP 200 with `code` 0 for success
 * (the game list says `status` instead), a `message`, and the data under `result`.
 */
export const AMB_BASE_PATH = '/v0.1/partner/member';

export const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/** md5("a:b:…:suffix"), the signature of every signed AMB call */
export const ambSignature = (values: readonly string[], suffix: string) => md5([...values, suffix].join(':'));

export const ambCodeName = (code: number) => protocolCodeName(AMB_CODES, 'AMB', code);

/** An AMB answer read: its code (null when there is none: 5xx, garbage), message and result. */
export type AmbAnswer =
  { kind: 'answer'; code: number; message: string; result: unknown; body: Record<string, unknown> } | { kind: 'none'; reason: string };

export function readAmb(x: Exchange): AmbAnswer {
  if (!x.answered) return { kind: 'none', reason: x.reason };
  const body = x.json;
  if (x.status >= 500 || typeof body !== 'object' || body === null) return { kind: 'none', reason: `HTTP ${x.status}, no AMB answer` };
  const b = body as Record<string, unknown>;
  const code = typeof b.code === 'number' ? b.code : typeof b.status === 'number' ? b.status : null;
  if (code === null) return { kind: 'none', reason: `HTTP ${x.status}, no AMB code` };
  return { kind: 'answer', code, message: typeof b.message === 'string' ? b.message : '', result: b.result ?? b.data ?? null, body: b };
}

export interface AmbCallOptions {
  baseUrl: string;
  timeoutMs: number;
}

export async function ambCall(opts: AmbCallOptions, method: 'GET' | 'POST', path: string, body?: object): Promise<AmbAnswer> {
  const url = new URL(opts.baseUrl.replace(/\/+$/, '') + AMB_BASE_PATH + path);
  const headers: Record<string, string> = { accept: 'application/json', 'accept-charset': 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const x = await exchange(url, {
    method,
    headers,
    timeoutMs: opts.timeoutMs,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return readAmb(x);
}
