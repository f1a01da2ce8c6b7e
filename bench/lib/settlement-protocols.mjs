// The settlement bench on the banks' protocols (`--protocols`): the same server settles
// deposits at LDB on the sandbox protocol ("before") and at BCEL through OnePay, JDB through Yes and
// LVB through the Open API, as the demo agency has them ("after", decision 136). Here the bank sends
// its own notice, whatever its protocol (a signed callback, JDB's webhook, LVB's callback, a OnePay
// message through PubNub): a settlement is a QR paid at the sandbox bank → the bank's notice → the
// status asked of the bank (OnePay: the message kept) → order PAID with its ledger posting → the
// provider transfer posted → order SUCCESS.
import { randomBytes } from 'node:crypto';
import { json, pool, SANDBOX, SERVER } from './settlement-orders.mjs';

/** `count` players, untimed (argon2 at registration), each with its cookie. */
export async function registerPlayers(count) {
  return pool(
    Array.from({ length: count }, (_, i) => i),
    16,
    async (i) => {
      const username = `benchp${i}${randomBytes(3).toString('hex')}`;
      const password = `pw-${randomBytes(6).toString('hex')}`;
      const fingerprint = randomBytes(16).toString('hex');
      const reg = await json(`${SERVER}/api/v2/players/register`, {
        method: 'POST',
        headers: { 'x-fingerprint': fingerprint },
        body: JSON.stringify({ username, password, confirmPassword: password, fingerprint }),
      });
      return reg.res.headers
        .getSetCookie()
        .find((c) => c.startsWith('sid='))
        .split(';')[0];
    },
  );
}

/** Untimed: each player opens a deposit at `banks[i % banks.length]`; its id, bank and QR. A QR lives 10 minutes. */
async function openOrders(cookies, banks) {
  return pool(cookies, 16, async (cookie, i) => {
    const bank = banks[i % banks.length];
    const { body } = await json(`${SERVER}/api/v2/deposits`, {
      method: 'POST',
      headers: { cookie },
      body: JSON.stringify({ providerId: 'gclub', mid: 'DEMO-LAK-001', bank, amount: String(20_000 + i) }),
    });
    const qr = await json(`${SERVER}/api/v2/deposits/${body.order.id}/qr`, { headers: { cookie } });
    return { id: body.order.id, bank, payload: qr.body.payload };
  });
}

/** Pays the orders' QRs at the bank, `concurrency` at once, and waits until every one of them is SUCCESS. */
async function payAndSettle(orders, db, concurrency) {
  const started = performance.now();
  await pool(orders, concurrency, (o) =>
    json(`${SANDBOX}/sandbox/bank/payments`, { method: 'POST', body: JSON.stringify({ payload: o.payload }) }),
  );
  const ids = orders.map((o) => o.id);
  for (;;) {
    const { rows } = await db.query(
      `SELECT count(*) FILTER (WHERE status = 'SUCCESS')::int AS done, count(*) FILTER (WHERE status = 'FAILED')::int AS failed
         FROM deposit_orders WHERE id = ANY ($1::uuid[])`,
      [ids],
    );
    if (rows[0].failed > 0) throw new Error(`${rows[0].failed} deposits FAILED`);
    if (rows[0].done === ids.length) break;
    if (performance.now() - started > 240_000) throw new Error(`${ids.length - rows[0].done}/${ids.length} not settled in time`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return performance.now() - started;
}

/**
 * One side: `cookies.length` orders at `banks`, the first tenth paid and settled untimed (warm-up),
 * the rest timed; then pgbench. Answers settlements/s, pgbench tps and CPU per settlement.
 */
async function side(name, cookies, banks, { db, concurrency, pgbench, cpu }) {
  const orders = await openOrders(cookies, banks);
  const warm = orders.slice(0, Math.floor(orders.length / 10));
  const timed = orders.slice(warm.length);
  await payAndSettle(warm, db, concurrency);
  const before = cpu();
  const ms = await payAndSettle(timed, db, concurrency);
  const after = cpu();
  const perSecond = timed.length / (ms / 1000);
  const tps = pgbench();
  const perSettlement = Object.keys(after)
    .map((k) => `${k} ${(((after[k] - before[k]) * 1000) / timed.length).toFixed(2)} ms`)
    .join(', ');
  console.log(
    `settlement   ${name}: ${timed.length} deposits at ${banks.join(', ')} (after ${warm.length} untimed), ${concurrency} payments in flight: ${perSecond.toFixed(1)} settlements/s; pgbench ${tps.toFixed(1)} tps; ratio ${(perSecond / tps).toFixed(3)}; CPU per settlement: ${perSettlement}`,
  );
  return { perSecond, tps, ratio: perSecond / tps };
}

/** Both sides in one run, the same server and databases: the sandbox protocol first, then the real ones. */
export async function compareProtocols({ count, ...opts }) {
  const cookies = await registerPlayers(count * 2);
  const sandboxSide = await side('before (sandbox protocol)', cookies.slice(0, count), ['ldb'], opts);
  const realSide = await side('after (OnePay, JDB Yes, LVB Open API)', cookies.slice(count), ['bcel', 'jdb', 'lvb'], opts);
  console.log(
    `settlement   ratio before ${sandboxSide.ratio.toFixed(3)}, after ${realSide.ratio.toFixed(3)} (after/before ${(realSide.ratio / sandboxSide.ratio).toFixed(2)})`,
  );
  return { before: sandboxSide, after: realSide };
}
