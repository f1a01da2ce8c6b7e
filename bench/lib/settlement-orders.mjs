// The settlement bench's orders: players with a deposit paid at the sandbox bank, then the bank's
// signed callbacks sent and the orders followed until they are SUCCESS.
import { createHmac, randomBytes } from 'node:crypto';
import { Agent, request } from 'undici';

const SETTLE_TIMEOUT_MS = 180_000;
export const CALLBACK_SECRET = 'bench-callback-secret-0123456789';
export const SERVER = 'http://127.0.0.1:3952';
export const SANDBOX = 'http://127.0.0.1:3951';

/** Runs `task` over `items` with at most `limit` in flight. */
export async function pool(items, limit, task) {
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await task(items[i], i);
      }
    }),
  );
  return out;
}

export async function json(url, init = {}) {
  // the server refuses a state-changing call that does not say it comes from its own origin (decision 041)
  const origin = url.startsWith(SERVER) ? { origin: SERVER } : {};
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...origin, ...init.headers } });
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${JSON.stringify(body)}`);
  return { body, res };
}

/**
 * Not timed: `count` players, each with an OPEN deposit paid at the bank whose callback has not been
 * sent; player i first takes the demo's first-deposit promotion when `takesPromotion(i)`.
 */
export async function prepareOrders(count, takesPromotion) {
  await json(`${SANDBOX}/bank/_faults`, { method: 'POST', body: JSON.stringify({ noCallback: true }) });
  // the players first, then their deposits: a deposit's QR expires, and the players' preparation
  // (argon2 at registration; with a promotion, three calls more) would outlast it at 10,000 orders
  const players = await pool(
    Array.from({ length: count }, (_, i) => i),
    16,
    async (i) => {
      const username = `bench${i}${randomBytes(3).toString('hex')}`;
      const password = `pw-${randomBytes(6).toString('hex')}`;
      const fingerprint = randomBytes(16).toString('hex');
      const reg = await json(`${SERVER}/api/v2/players/register`, {
        method: 'POST',
        headers: { 'x-fingerprint': fingerprint },
        body: JSON.stringify({ username, password, confirmPassword: password, fingerprint }),
      });
      const cookie = reg.res.headers
        .getSetCookie()
        .find((c) => c.startsWith('sid='))
        .split(';')[0];
      if (takesPromotion(i)) {
        // a promotion asks for a bank account first (DESIGN.md §8); the number is unique in the agency
        await json(`${SERVER}/api/v2/players/bank-accounts`, {
          method: 'POST',
          headers: { cookie },
          body: JSON.stringify({
            bank: 'bcel',
            accountNumber: `0101${100_000_000 + i}`,
            accountName: 'Bench Player',
            currency: 'LAK',
            owner: true,
          }),
        });
        const { body: list } = await json(`${SERVER}/api/v2/promotions`, { headers: { cookie } });
        const first = list.promotions.find((p) => p.code === 'FIRST100');
        await json(`${SERVER}/api/v2/promotions/use`, {
          method: 'POST',
          headers: { cookie },
          body: JSON.stringify({ promotionId: first.id, providerId: 'gclub' }),
        });
      }
      return { i, cookie };
    },
  );
  return pool(players, 16, async ({ i, cookie }) => {
    const { body } = await json(`${SERVER}/api/v2/deposits`, {
      method: 'POST',
      headers: { cookie },
      body: JSON.stringify({ providerId: 'gclub', mid: 'DEMO-LAK-001', bank: 'bcel', amount: String(20_000 + i) }),
    });
    const qr = await json(`${SERVER}/api/v2/deposits/${body.order.id}/qr`, { headers: { cookie } });
    const paid = await json(`${SANDBOX}/sandbox/bank/payments`, { method: 'POST', body: JSON.stringify({ payload: qr.body.payload }) });
    return {
      id: body.order.id,
      notice: JSON.stringify({
        reference: paid.body.reference,
        bankReference: paid.body.bankReference,
        amount: paid.body.amount,
        currency: 'LAK',
        paidAt: paid.body.paidAt,
      }),
    };
  });
}

// the bank's side of the callbacks: undici's request on kept-alive connections, as a gateway would
// send them (fetch costs this process several times the CPU, which the measured processes would
// lose to it on a shared machine)
const bankSide = new Agent({ keepAliveTimeout: 10_000 });

/**
 * Sends the orders' signed callbacks, `concurrency` in flight, and waits until `doneBefore + orders.length`
 * deposits are SUCCESS; `openAfter` orders (those of a later phase) stay OPEN meanwhile.
 */
export async function settle(orders, db, { concurrency, doneBefore = 0, openAfter = 0 }) {
  const started = performance.now();
  await pool(orders, concurrency, async (o) => {
    const timestamp = String(Date.now());
    const signature = createHmac('sha256', CALLBACK_SECRET).update(`${timestamp}.${o.notice}`).digest('hex');
    const res = await request(`${SERVER}/api/v2/payments/callback`, {
      method: 'POST',
      dispatcher: bankSide,
      headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': signature },
      body: o.notice,
    });
    const text = await res.body.text();
    // 202: acknowledged, confirmed with the gateway in the background (docs/decisions/024)
    if (res.statusCode !== 200 && res.statusCode !== 202) throw new Error(`callback: ${res.statusCode} ${text}`);
  });
  const ackedMs = performance.now() - started;
  for (;;) {
    // the orders not settled yet, counted in the partial indexes of open and of PAID/FAILED orders:
    // a count of SUCCESS would read the whole table at every poll, CPU taken from what is measured
    const { rows } = await db.query(
      `SELECT (SELECT count(*) FROM deposit_orders WHERE status = 'OPEN')::int AS open,
              (SELECT count(*) FROM deposit_orders WHERE status = 'PAID')::int AS paid,
              (SELECT count(*) FROM deposit_orders WHERE status = 'FAILED')::int AS failed`,
    );
    if (rows[0].failed > 0) throw new Error(`${rows[0].failed} deposits FAILED`);
    if (rows[0].open === openAfter && rows[0].paid === 0) break;
    if (performance.now() - started > SETTLE_TIMEOUT_MS)
      throw new Error(`${rows[0].open - openAfter + rows[0].paid}/${orders.length} not settled in time`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const { rows } = await db.query(`SELECT count(*)::int AS done FROM deposit_orders WHERE status = 'SUCCESS'`);
  if (rows[0].done !== doneBefore + orders.length)
    throw new Error(`${rows[0].done} deposits SUCCESS, ${doneBefore + orders.length} expected`);
  return { ackedMs, totalMs: performance.now() - started };
}
