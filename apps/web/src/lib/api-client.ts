import type { ErrorBody } from '@app/contracts';
import { loginPath } from './safe-redirect';
import { takePageAnswer } from './page-answers';

/** An API failure with the server's error code (`t('errors:' + code)`). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | null,
  ) {
    super(body?.error.message ?? `HTTP ${status}`);
  }
  get code() {
    return this.body?.error.code ?? (this.status === 0 ? 'NETWORK' : 'INTERNAL');
  }
  /** field path → message key, for forms */
  get fields(): Record<string, string> {
    return this.body?.error.fields ?? {};
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && 'error' in value && typeof value.error === 'object' && value.error !== null;
}

export interface ApiClient {
  /** a call to `/api${path}`: JSON, credentials included; a failure throws an ApiError */
  api<T>(path: string, init?: RequestInit): Promise<T>;
  /** POST with a JSON body */
  post<T>(path: string, body?: unknown, init?: RequestInit): Promise<T>;
}

/**
 * An API client that sends the browser to `loginPath` when a call answers 401 (the session ended),
 * except for the calls in `noLoginRedirect`, whose 401 the caller handles itself. `loginUrl` makes the
 * address from the page the player was on (to say the session ended and come back after login).
 */
export function createApiClient({
  loginPath,
  noLoginRedirect,
  loginUrl = () => loginPath,
  pageAnswer,
}: {
  loginPath: string;
  noLoginRedirect: readonly string[];
  loginUrl?: (from: string) => string;
  /** a GET's answer the page already holds (lib/page-answers.ts): used instead of a request */
  pageAnswer?: (url: string) => { value: unknown } | undefined;
}): ApiClient {
  const sendToLogin = () => {
    const { pathname, search, hash } = window.location;
    if (pathname !== loginPath) window.location.assign(loginUrl(pathname + search + hash));
  };
  async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
    const held = init.method === undefined || init.method === 'GET' ? pageAnswer?.(`/api${path}`) : undefined;
    if (held) return held.value as T;
    let res: Response;
    try {
      res = await fetch(`/api${path}`, {
        credentials: 'include',
        ...init,
        headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
      });
    } catch {
      throw new ApiError(0, null);
    }
    const text = await res.text();
    const data = text ? parse(text) : null;
    if (!res.ok) {
      if (res.status === 401 && !noLoginRedirect.includes(path.split('?')[0]!)) sendToLogin();
      throw new ApiError(res.status, isErrorBody(data) ? data : null);
    }
    return data as T;
  }
  const post = <T>(path: string, body?: unknown, init: RequestInit = {}) =>
    api<T>(path, { ...init, method: 'POST', body: JSON.stringify(body ?? {}) });
  return { api, post };
}

/**
 * The player site's client. Calls whose 401 means "not logged in" rather than "session ended": player
 * info decides the login state, agency info is public (SPEC.md §7), and a failed login attempt must
 * stay on the form.
 */
export const { api, post } = createApiClient({
  loginPath: '/login',
  noLoginRedirect: ['/v2/players/info', '/v2/agency/info', '/v2/players/login'],
  loginUrl: (from) => loginPath(from, true),
  pageAnswer: takePageAnswer,
});
