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
    const res = await fetch(`${this.baseUrl}/api${path}`, {
      method,
      headers: {
        origin: this.baseUrl,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(30_000),
    });
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
    if (setCookie) this.cookie = setCookie.split(';')[0]!;
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: res.status, json, field: (path: string) => fieldOf(json, path) };
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

/** A value inside an answer by its dotted path ('order.id'), as a string ('' when absent). */
export function fieldOf(json: unknown, path: string): string {
  let value: unknown = json;
  for (const key of path.split('.'))
    value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return value === undefined || value === null ? '' : String(value);
}
