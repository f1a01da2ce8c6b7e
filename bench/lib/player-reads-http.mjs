// The player-reads bench's clients: the ports of what it starts, one kept-alive client, and players
// registered and prepared through the front as the site makes them.
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'undici';

export const HELLO = 'http://127.0.0.1:3921';
export const SANDBOX = 'http://127.0.0.1:3922';
export const SERVER = 'http://127.0.0.1:3923';

export const client = new Agent({ keepAliveTimeout: 10_000, connections: 2048 });

/** One call to the server or the sandbox; answers status, body (parsed) and headers. */
export async function call(url, { method = 'GET', cookie, body, headers = {} } = {}) {
  const res = await request(url, {
    method,
    dispatcher: client,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(method !== 'GET' && url.startsWith(SERVER) ? { origin: SERVER } : {}),
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : null,
  });
  const text = await res.body.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.statusCode, body: json, headers: res.headers };
}

async function ok(url, init) {
  const r = await call(url, init);
  if (r.status >= 300) throw new Error(`${init?.method ?? 'GET'} ${url}: ${r.status} ${JSON.stringify(r.body)}`);
  return r;
}
export async function register() {
  const username = `br${randomBytes(5).toString('hex')}`;
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const fingerprint = randomBytes(16).toString('hex');
  const r = await ok(`${SERVER}/api/v2/players/register`, {
    method: 'POST',
    headers: { 'x-fingerprint': fingerprint },
    body: { username, password, confirmPassword: password, fingerprint },
  });
  return { cookie: sessionCookie(r), username, password };
}

/** The session cookie an answer sets (`sid=…`). */
export const sessionCookie = (r) =>
  [r.headers['set-cookie']]
    .flat()
    .find((c) => c?.startsWith('sid='))
    ?.split(';')[0];

let accountSerial = 0;
const addBankAccount = (cookie) =>
  ok(`${SERVER}/api/v2/players/bank-accounts`, {
    method: 'POST',
    cookie,
    body: {
      bank: 'bcel',
      accountNumber: `0101${String(100_000_000 + accountSerial++ * 7919 + Math.floor(Math.random() * 1e6))}`.slice(0, 13),
      accountName: 'Bench Player',
      currency: 'LAK',
      owner: true,
    },
  });

/** A player of the mixed load: registered, with the bank account a withdrawal is paid to; its session cookie and credentials. */
export async function readyPlayer() {
  const player = await register();
  await addBankAccount(player.cookie);
  return player;
}

/** A deposit opened, its QR paid at the sandbox bank (the bank then calls the server back). */
async function depositAndPay(cookie, amount) {
  const created = await call(`${SERVER}/api/v2/deposits`, {
    method: 'POST',
    cookie,
    body: { providerId: 'gclub', mid: 'DEMO-LAK-001', bank: 'bcel', amount: String(amount) },
  });
  if (created.status !== 201) return [created.status];
  const qr = await call(`${SERVER}/api/v2/deposits/${created.body.order.id}/qr`, { cookie });
  await ok(`${SANDBOX}/sandbox/bank/payments`, { method: 'POST', body: { payload: qr.body.payload } });
  return [created.status, qr.status];
}

async function waitUntil(check, what, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}
/** The measured player: a bank account, one settled deposit, one pending withdrawal, one open deposit. */
export async function preparePlayer() {
  const { cookie } = await register();
  await addBankAccount(cookie);
  await depositAndPay(cookie, 200_000);
  await waitUntil(async () => {
    const r = await ok(`${SERVER}/api/v2/deposits?page=1&pageSize=10`, { cookie });
    return r.body.items[0]?.status === 'SUCCESS';
  }, 'the first deposit settled');
  const w = await call(`${SERVER}/api/v2/withdrawals`, { method: 'POST', cookie, body: { providerId: 'gclub', amount: '100' } });
  if (w.status !== 201) console.log(`player-reads  (the withdrawal was refused: ${w.status} ${JSON.stringify(w.body)})`);
  await ok(`${SERVER}/api/v2/deposits`, {
    method: 'POST',
    cookie,
    body: { providerId: 'gclub', mid: 'DEMO-LAK-001', bank: 'bcel', amount: '30000' },
  });
  return cookie;
}
