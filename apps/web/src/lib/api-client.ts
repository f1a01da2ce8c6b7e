import type { ErrorBody } from '@app/contracts';

/** An API failure with the server's error code (`t('errors.' + code)`). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | null,
  ) {
    super(body?.error.message ?? `HTTP ${status}`);
  }
  get code() {
    return this.body?.error.code ?? 'INTERNAL';
  }
}

/** The one API client: base /api, credentials included, JSON. */
export async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`/api${path}`, {
    credentials: 'include',
    ...init,
    headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
  });
  const text = await res.text();
  const data = text ? (JSON.parse(text) as unknown) : null;
  if (!res.ok) throw new ApiError(res.status, (data as ErrorBody | null) ?? null);
  return data as T;
}
