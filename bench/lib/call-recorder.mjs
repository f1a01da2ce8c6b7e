// The mixed loads' record of their calls: latency by kind of call, refusals by code, failures.
import { call } from './player-reads-http.mjs';

/** The value at the p-th percentile of ascending `sorted` (0 when empty). */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/**
 * Latencies by kind of call (method and path without ids or query), and the failures (no answer or 5xx),
 * of the calls started within `window` ([from, until), performance.now() times): the others are made, not counted.
 */
export function recorder(window) {
  const byKind = new Map();
  let failures = 0;
  const timed = async (url, init) => {
    const t = performance.now();
    const r = await call(url, init).catch(() => ({ status: 0 }));
    const ms = performance.now() - t;
    if (t < window.from || t >= window.until) return r;
    const path = new URL(url).pathname.replace(/[0-9a-f-]{36}/g, ':id').replace(/\/games\/[a-z_]+/, '/games/:provider');
    const kind = `${init?.method ?? 'GET'} ${path}`;
    if (!byKind.has(kind)) byKind.set(kind, Object.assign([], { refused: 0, codes: {} }));
    const list = byKind.get(kind);
    list.push(ms);
    if (r.status >= 400 && r.status < 500) {
      list.refused++;
      const code = r.body?.error?.code ?? r.status;
      list.codes[code] = (list.codes[code] ?? 0) + 1;
    }
    if (r.status === 0 || r.status >= 500) failures++;
    return r;
  };
  const summary = (seconds) => {
    const all = [...byKind.values()].flat().sort((a, b) => a - b);
    const kinds = [...byKind].map(([kind, list]) => {
      list.sort((a, b) => a - b);
      return { kind, calls: list.length, refused: list.refused, codes: list.codes, p95: percentile(list, 95), p99: percentile(list, 99) };
    });
    return {
      kinds: kinds.sort((a, b) => b.p99 - a.p99),
      calls: all.length,
      rps: all.length / seconds,
      p95: percentile(all, 95),
      p99: percentile(all, 99),
      failures,
    };
  };
  return { timed, summary };
}
