// Timing the back-office bench's calls: the client's times and the server's own (read from its request
// log), and the anchors they are read against.
import { request } from 'undici';
import { call, client } from './backoffice-http.mjs';

export const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length * p) / 100) - 1)] : NaN;
export const ms = (v) => (Number.isFinite(v) ? v.toFixed(1) : '—');

/** Rows in an answer: the first list in it (items, days, figures…), a CSV's lines, else 1. */
function rowsOf(text, path) {
  if (path.includes('.csv')) return Math.max(0, text.split('\r\n').length - 2);
  const body = JSON.parse(text);
  const list = Object.values(body).find(Array.isArray);
  return list ? list.length : 1;
}

/** A call's paths in turn, `warmup` then `requests` times, one at a time; `server` is the instance's read-back log. */
export async function time(base, paths, cookie, server, { warmup, requests }) {
  const client = [];
  const rows = [];
  let errors = 0;
  let lastError = '';
  for (let i = 0; i < warmup + requests; i++) {
    const path = paths[i % paths.length];
    const t = performance.now();
    const res = await call(base, path, { cookie });
    const elapsed = performance.now() - t;
    if (res.status !== 200) {
      errors++;
      lastError = `${res.status} ${res.text.slice(0, 200)}`;
      continue;
    }
    if (i >= warmup) {
      client.push(elapsed);
      if (rows.length < 20) rows.push(rowsOf(res.text, path));
    }
  }
  // the server's own times of the measured requests (after the warm-up's, in order, per URL)
  await new Promise((r) => setTimeout(r, 300));
  const seen = new Map();
  const own = [];
  for (let i = 0; i < warmup + requests; i++) {
    const url = `/api${paths[i % paths.length]}`;
    const k = seen.get(url) ?? 0;
    seen.set(url, k + 1);
    const v = server.times.get(url)?.[k];
    if (i >= warmup && v !== undefined) own.push(v);
  }
  for (const url of new Set(paths.map((p) => `/api${p}`))) server.times.delete(url);
  return { client, own, rows, errors, lastError };
}

/** A SELECT 1 round trip and a bare Fastify hello world's answer (`hello`), timed as the calls are. */
export async function anchors(db, helloUrl, { warmup, requests }) {
  const round = async (fn) => {
    for (let i = 0; i < warmup; i++) await fn();
    const out = [];
    for (let i = 0; i < requests; i++) {
      const t = performance.now();
      await fn();
      out.push(performance.now() - t);
    }
    return out.sort((a, b) => a - b);
  };
  const select1 = await round(() => db.query('SELECT 1'));
  const hello = await round(async () => {
    const res = await request(`${helloUrl}/hello`, { dispatcher: client });
    await res.body.text();
  });
  return { select1, hello };
}
