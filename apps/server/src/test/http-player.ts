import { randomBytes } from 'node:crypto';
import { FINGERPRINT_HEADER } from '@app/contracts';

/**
 * A player of a server reached over real HTTP (a spawned process, not `inject`): its cookie, and
 * the headers a browser on the site sends (Origin on state-changing calls, decision 041).
 */
export class HttpPlayer {
  cookie = '';
  playerId = '';
  readonly username = `p${randomBytes(5).toString('hex')}`;
  readonly password = `pw-${randomBytes(6).toString('hex')}`;

  constructor(private baseUrl: string) {}

  /** Points it at another instance of the server (its session is in the shared database). */
  use(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  async call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, headers: Record<string, string> = {}) {
    const { answer, cookie } = await callJson(this.baseUrl, method, path, { body, headers, cookie: this.cookie });
    this.cookie = cookie;
    return answer;
  }

  async register(): Promise<this> {
    const fingerprint = randomBytes(16).toString('hex');
    const res = await this.call(
      'POST',
      '/v2/players/register',
      { username: this.username, password: this.password, confirmPassword: this.password, fingerprint },
      { [FINGERPRINT_HEADER]: fingerprint },
    );
    if (res.status !== 201) throw new Error(`register: ${res.status} ${JSON.stringify(res.json)}`);
    this.playerId = res.field('player.id');
    return this;
  }
}

export interface Answer {
  status: number;
  json: unknown;
  /** a value of the JSON answer by its dotted path, as a string ('' when absent) */
  field(path: string): string;
}

/**
 * One JSON call to the API as the site's browser makes it (Origin, the session cookie); answers the
 * reply and the cookie to use next (a session cookie it set, player's or staff's, else the same).
 */
export async function callJson(
  baseUrl: string,
  method: string,
  path: string,
  opts: { body?: unknown; headers?: Record<string, string>; cookie?: string; timeoutMs?: number },
): Promise<{ answer: Answer; cookie: string }> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      origin: baseUrl,
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...opts.headers,
    },
    ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
    signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
  });
  const setCookie = res.headers.getSetCookie().find((c) => /^(sid|staff_sid)=/.test(c));
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return {
    answer: { status: res.status, json, field: (p) => fieldOf(json, p) },
    cookie: setCookie ? setCookie.split(';')[0]! : (opts.cookie ?? ''),
  };
}

/** A value inside an answer by its dotted path ('order.id'), as a string ('' when absent). */
export function fieldOf(json: unknown, path: string): string {
  let value: unknown = json;
  for (const key of path.split('.'))
    value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return value === undefined || value === null ? '' : String(value);
}
