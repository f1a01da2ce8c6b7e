// The player-reads bench's mixed load: simulated players at growing levels, until p99 passes its bound.
import { call, register, SANDBOX, SERVER } from './player-reads-http.mjs';

const P99_BOUND_MS = 200;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/**
 * N simulated players at once, each in a loop with `thinkMs` between its calls: open the site
 * (agency info), read info and credit, deposit and pay at the sandbox bank when no deposit is open,
 * read its deposit and withdrawal history. Latency of the server's answers only.
 */
async function mixedLevel(cookies, seconds, thinkMs) {
  const latencies = [];
  /** each kind of call's latencies (method and path without ids or query), to say which one is slow */
  const byKind = new Map();
  let failures = 0;
  const until = performance.now() + seconds * 1000;
  const think = () => new Promise((r) => setTimeout(r, thinkMs * (0.5 + Math.random())));
  const timed = async (url, init) => {
    const t = performance.now();
    const r = await call(url, init).catch(() => ({ status: 0 }));
    const ms = performance.now() - t;
    latencies.push(ms);
    const kind = `${init?.method ?? 'GET'} ${new URL(url).pathname.replace(/[0-9a-f-]{36}/g, ':id')}`;
    if (!byKind.has(kind)) byKind.set(kind, []);
    byKind.get(kind).push(ms);
    if (r.status === 0 || r.status >= 500) failures++;
    return r;
  };
  let amount = 20_000;
  await Promise.all(
    cookies.map(async (cookie) => {
      await new Promise((r) => setTimeout(r, Math.random() * thinkMs));
      while (performance.now() < until) {
        await timed(`${SERVER}/api/v2/agency/info`);
        await timed(`${SERVER}/api/v2/players/info`, { cookie });
        await timed(`${SERVER}/api/v2/players/credits/gclub`, { cookie });
        await think();
        const open = await timed(`${SERVER}/api/v2/deposits/open`, { cookie });
        if (open.status === 200 && open.body.order === null) {
          const created = await timed(`${SERVER}/api/v2/deposits`, {
            method: 'POST',
            cookie,
            body: { providerId: 'gclub', mid: 'DEMO-LAK-001', bank: 'bcel', amount: String(amount++) },
          });
          if (created.status === 201) {
            const qr = await timed(`${SERVER}/api/v2/deposits/${created.body.order.id}/qr`, { cookie });
            await think(); // the player scans the code in the banking app
            if (qr.status === 200) await call(`${SANDBOX}/sandbox/bank/payments`, { method: 'POST', body: { payload: qr.body.payload } });
          }
        }
        await think();
        await timed(`${SERVER}/api/v2/deposits?page=1&pageSize=10`, { cookie });
        await timed(`${SERVER}/api/v2/withdrawals?page=1&pageSize=10`, { cookie });
        await think();
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const kinds = [...byKind].map(([kind, list]) => {
    list.sort((a, b) => a - b);
    return { kind, calls: list.length, p50: percentile(list, 50), p99: percentile(list, 99) };
  });
  return {
    kinds: kinds.sort((a, b) => b.p99 - a.p99),
    calls: latencies.length,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures,
  };
}
/** `levels` players in turn (`thinkMs` between their calls, `levelSeconds` a level); answers the most held. */
export async function mixed({ thinkMs, levels, levelSeconds }) {
  const max = Math.max(...levels);
  const cookies = [];
  const started = performance.now();
  for (let i = 0; i < max; i += 16) cookies.push(...(await Promise.all(Array.from({ length: Math.min(16, max - i) }, register))));
  console.log(
    `player-reads  mixed: ${max} players registered in ${((performance.now() - started) / 1000).toFixed(1)} s, think time ${thinkMs} ms ±50 %`,
  );
  await mixedLevel(cookies.slice(0, levels[0]), 3, thinkMs); // warm-up (JIT, connections), not counted
  let held = 0;
  for (const n of levels) {
    const m = await mixedLevel(cookies.slice(0, n), levelSeconds, thinkMs);
    const pass = m.p99 <= P99_BOUND_MS && m.failures === 0;
    console.log(
      `player-reads  mixed ${String(n).padStart(4)} players: ${m.rps.toFixed(0).padStart(5)} calls/s  p50 ${m.p50.toFixed(1)} ms  p99 ${m.p99.toFixed(1)} ms` +
        `${m.failures ? `  ${m.failures} failed` : ''}  ${pass ? 'held' : 'NOT held'}`,
    );
    // the slowest kinds of call at every level (at the last, the ones that did not hold)
    for (const k of m.kinds.slice(0, 4))
      console.log(
        `player-reads  mixed        slowest: ${k.kind.padEnd(40)} ${String(k.calls).padStart(5)} calls  p50 ${k.p50.toFixed(1)} ms  p99 ${k.p99.toFixed(1)} ms`,
      );
    if (!pass) break;
    held = n;
  }
  console.log(`player-reads  mixed: ${held} concurrent active players held at p99 ≤ ${P99_BOUND_MS} ms`);
  return held;
}
