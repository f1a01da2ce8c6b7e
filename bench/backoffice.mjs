// The back office at scale: every list, search and dashboard call of /api/v2/backoffice
// timed against a PostgreSQL database filled with a year of a busy agency (200,000 players,
// 1,000,000 deposits, 300,000 withdrawals by default). Goal: the server's p99 ≤ 50 ms per call.
// Usage: node bench/backoffice.mjs [--players 200000] [--deposits 1000000] [--withdrawals 300000]
//        [--requests 200] [--warmup 20] [--only REGEX] [--keep] [--db bench_bo_…]
//        [--pg postgres://postgres@127.0.0.1:5432/postgres]   (loopback only)
// --keep keeps the filled database (its name is printed); --db times an existing one again without a
// fill (the server applies any newer migration first, so a kept fill measures a branch's indexes).
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { generate, generateSecret } from 'otplib';
import pg from 'pg';
import { Agent, request } from 'undici';
import { AFTER_FILL, fillStatements } from './lib/backoffice-fill.mjs';
import { databaseUrl, runSql } from './lib/pg.mjs';
import { startNode, stop, waitFor } from './lib/proc.mjs';

const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const whole = (name, def, max) => {
  const n = Number(arg(name, def));
  if (!Number.isInteger(n) || n < 1 || n > max) throw new Error(`--${name}: a whole number from 1 to ${max}`);
  return n;
};
const PLAYERS = whole('players', 200_000, 2_000_000);
const DEPOSITS = whole('deposits', 1_000_000, 10_000_000);
const WITHDRAWALS = whole('withdrawals', 300_000, 3_000_000);
const REQUESTS = whole('requests', 200, 10_000);
const WARMUP = whole('warmup', 20, 1000);
const ONLY = arg('only', null) ? new RegExp(arg('only', '')) : null;
const KEEP = process.argv.includes('--keep') || Boolean(process.env.BENCH_KEEP_DB);
const REUSE = arg('db', null);
const ADMIN_URL = arg('pg', process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const GOAL_MS = 50;
const SERVER = 'http://127.0.0.1:3971';
// a second instance on the same database whose dashboard reads its closed days on every call
const COLD = 'http://127.0.0.1:3972';
const HELLO = 'http://127.0.0.1:3973';

// cheap password hashing: the one login of the run (the filled players and staff never log in)
const ARGON2 = { memoryCost: 1024, timeCost: 1 };

const admin = new URL(ADMIN_URL);
if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(admin.hostname)) throw new Error(`loopback only, not ${admin.hostname}`);
if (REUSE && !/^bench_bo_[a-z0-9_]+$/.test(REUSE)) throw new Error('--db: a database this bench made (bench_bo_…)');
const dbName = REUSE ?? `bench_bo_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
const dbUrl = databaseUrl(ADMIN_URL, dbName);
// the seeded owner's password, the same for every run on one database (--db signs in again)
const STAFF_PASSWORD = `bench-${dbName}`;

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length * p) / 100) - 1)] : NaN);
const ms = (v) => (Number.isFinite(v) ? v.toFixed(1) : '—');
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** The server, as in production (LOG_LEVEL info: Fastify logs each request's own time, read back here). */
function startServer(port, extra = {}) {
  const child = startNode(
    'apps/server/src/server.ts',
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: dbUrl,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'info',
      SEED_DEMO: 'true',
      SEED_STAFF_PASSWORD: STAFF_PASSWORD,
      API_DOCS_ENABLED: 'true',
      RATE_LIMIT_ENABLED: 'false',
      ARGON2_MEMORY_KIB: String(ARGON2.memoryCost),
      ARGON2_ITERATIONS: String(ARGON2.timeCost),
      // nothing is due: the fill writes no jobs, and the sweeps would race the filled open orders
      WORKER_ENABLED: 'false',
      WEB_DIST: '/nonexistent',
      ...extra,
    },
    { stdout: 'pipe' },
  );
  // each request's own time as Fastify logs it ("request completed", responseTime), by its URL
  const urls = new Map();
  const times = new Map();
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (!line.startsWith('{')) return;
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      return;
    }
    if (entry.msg === 'incoming request') urls.set(entry.reqId, entry.req?.url);
    else if (entry.msg === 'request completed' && urls.has(entry.reqId)) {
      const url = urls.get(entry.reqId);
      urls.delete(entry.reqId);
      if (!times.has(url)) times.set(url, []);
      times.get(url).push(entry.responseTime);
    }
  });
  return { child, times };
}

const client = new Agent({ keepAliveTimeout: 30_000, connections: 1 });

async function call(base, path, { method = 'GET', cookie, body } = {}) {
  const res = await request(`${base}/api${path}`, {
    method,
    dispatcher: client,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      // the server refuses a state-changing call from another origin (decision 041)
      ...(method !== 'GET' ? { origin: base } : {}),
      ...(cookie ? { cookie } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.body.text();
  return { status: res.statusCode, headers: res.headers, text };
}

const cookieOf = (res) =>
  [res.headers['set-cookie'] ?? []]
    .flat()
    .map(String)
    .filter((c) => c.startsWith('staff_sid=') && !c.startsWith('staff_sid=;'))
    .pop()
    ?.split(';')[0];

/** The seeded owner, signed in with the password and a TOTP code from the secret set on it. */
async function signIn(db) {
  const secret = generateSecret();
  await db.query(
    `UPDATE staff_users SET totp_secret = $1, totp_enabled_at = now(), totp_last_step = NULL WHERE role = 'owner' AND username = 'owner'`,
    [secret],
  );
  const login = await call(SERVER, '/v2/backoffice/login', { method: 'POST', body: { username: 'owner', password: STAFF_PASSWORD } });
  if (login.status !== 200) throw new Error(`staff login: ${login.status} ${login.text}`);
  const code = await generate({ secret });
  const second = await call(SERVER, '/v2/backoffice/login/second-factor', { method: 'POST', cookie: cookieOf(login), body: { code } });
  if (second.status !== 200) throw new Error(`second factor: ${second.status} ${second.text}`);
  return cookieOf(second);
}

async function fill(db) {
  const { rows: agency } = await db.query(`SELECT agency_id FROM agency_hosts WHERE host = '127.0.0.1'`);
  // the seeded owner's argon2id hash serves the filled players and staff too: a real hash, and nobody logs in as them
  const { rows: owner } = await db.query(`SELECT id, password_hash FROM staff_users WHERE role = 'owner' AND username = 'owner'`);
  const others = [
    { id: randomUUID(), username: 'finance.noy', role: 'finance' },
    { id: randomUUID(), username: 'finance.somchai', role: 'finance' },
    { id: randomUUID(), username: 'support.mali', role: 'support' },
  ];
  const statements = fillStatements({
    agencyId: agency[0].agency_id,
    players: PLAYERS,
    deposits: DEPOSITS,
    withdrawals: WITHDRAWALS,
    passwordHash: owner[0].password_hash,
    staffIds: { others, deciders: [owner[0].id, others[0].id, others[1].id] },
  });
  const started = performance.now();
  for (const [name, sql] of [...statements, ...AFTER_FILL.map((s) => [s, s])]) {
    const t = performance.now();
    const r = await db.query(sql);
    const count = [r].flat().at(-1)?.rowCount;
    console.log(
      `  fill ${name.padEnd(36)} ${String(count ?? '').padStart(9)} rows ${((performance.now() - t) / 1000).toFixed(1).padStart(6)} s`,
    );
  }
  console.log(`  fill done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/** Cursors deep in a list: its order key at `count` positions spread over it, as the server encodes them (decision 058). */
const keysetCursor = (key) => Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
const TS = (col) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

async function spread(db, sql, n) {
  const { rows } = await db.query(sql);
  if (rows.length <= n) return rows;
  const step = rows.length / n;
  return Array.from({ length: n }, (_, i) => rows[Math.floor(i * step)]);
}

/** What each call is asked: the values of a screen's searches and pages, read from the filled database. */
async function catalogue(db) {
  const n = REQUESTS;
  const col = (rows, c) => rows.map((r) => r[c]);
  const q = (sql, params) => db.query(sql, params).then((r) => r.rows);
  const openIds = col(await q(`SELECT id FROM withdrawals WHERE status = 'OPEN' ORDER BY md5(id::text) LIMIT $1`, [n]), 'id');
  const deepOpen = await spread(
    db,
    `SELECT ${TS('created_at')} AS t, id::text FROM withdrawals WHERE status = 'OPEN' ORDER BY created_at, id OFFSET 500`,
    n,
  );
  const deepPaid = await spread(
    db,
    `SELECT ${TS('created_at')} AS t, id::text FROM withdrawals WHERE status = 'SUCCESS' AND md5(id::text) < '02' ORDER BY created_at, id`,
    n,
  );
  const heaviest = await q(`SELECT player_id FROM deposit_orders GROUP BY player_id ORDER BY count(*) DESC LIMIT 5`);
  const playerIds = [
    ...col(heaviest, 'player_id'),
    ...col(await q(`SELECT id FROM players WHERE md5(id::text) < '08' ORDER BY md5(id::text) LIMIT $1`, [n - 5]), 'id'),
  ];
  const deepNewest = await spread(
    db,
    `SELECT ${TS('created_at')} AS t, id::text FROM players WHERE md5(id::text) < '04' ORDER BY created_at DESC, id DESC`,
    n,
  );
  const names = await q(
    `SELECT username, lower(display_name) AS display FROM players WHERE md5(id::text) < '02' ORDER BY md5(id::text) LIMIT $1`,
    [n],
  );
  const accounts = col(
    await q(`SELECT account_number FROM player_bank_accounts WHERE md5(player_id::text) < '02' LIMIT $1`, [n]),
    'account_number',
  );
  const shared = col(
    await q(`SELECT hash FROM player_fingerprints GROUP BY hash HAVING count(DISTINCT player_id) > 1 ORDER BY md5(hash) LIMIT $1`, [n]),
    'hash',
  );
  const deciders = col(await q(`SELECT DISTINCT staff_id FROM audit_log WHERE staff_id IS NOT NULL`), 'staff_id');
  const deepAudit = await spread(db, `SELECT at::text AS at, id::text FROM audit_log WHERE id % 97 = 0 ORDER BY at DESC, id DESC`, n);
  const [thb] = await q(`SELECT id FROM currencies WHERE code = 'THB' LIMIT 1`);
  const promotions = col(await q(`SELECT id FROM promotions ORDER BY code`), 'id');
  const [bigPromotion] = await q(`SELECT promotion_id, count(*)::int AS n FROM promotion_usages GROUP BY 1 ORDER BY 2 DESC LIMIT 1`);
  // cursors spread over the most used promotion's usages, newest first (the screen's order): deep pages
  const deepUsages = bigPromotion
    ? await spread(
        db,
        `SELECT ${TS('created_at')} AS t, id::text FROM promotion_usages WHERE promotion_id = '${bigPromotion.promotion_id}'
          ORDER BY created_at DESC, id DESC OFFSET 20`,
        n,
      )
    : [];
  const days = Array.from({ length: n }, (_, i) => new Date(Date.now() - (20 + (i % 300)) * 86_400_000).toISOString().slice(0, 10));
  const enc = (s) => encodeURIComponent(s);
  const prefix = (s, i) => s.slice(0, 2 + (i % 4));
  const rotate = (values, fn) => values.map(fn);

  const B = '/v2/backoffice';
  return [
    ['me', '/me', [`${B}/me`]],
    ['dashboard, warm (closed days kept 5 min)', '/dashboard', [`${B}/dashboard`]],
    ['dashboard, cold (every day read)', '/dashboard', [`${B}/dashboard`], COLD],
    ['withdrawals/summary', '/withdrawals/summary', [`${B}/withdrawals/summary`]],
    ['withdrawals OPEN, first page (50)', '/withdrawals', [`${B}/withdrawals?status=OPEN&limit=50`]],
    ['withdrawals OPEN, 200 a page', '/withdrawals', [`${B}/withdrawals?status=OPEN&limit=200`]],
    [
      'withdrawals OPEN, deep pages',
      '/withdrawals',
      rotate(deepOpen, (r) => `${B}/withdrawals?status=OPEN&limit=50&cursor=${keysetCursor([r.t, r.id])}`),
    ],
    ['withdrawals SUCCESS, first page', '/withdrawals', [`${B}/withdrawals?status=SUCCESS&limit=50`]],
    [
      'withdrawals SUCCESS, deep pages',
      '/withdrawals',
      rotate(deepPaid, (r) => `${B}/withdrawals?status=SUCCESS&limit=50&cursor=${keysetCursor([r.t, r.id])}`),
    ],
    ['withdrawals REJECTED, first page', '/withdrawals', [`${B}/withdrawals?status=REJECTED&limit=50`]],
    ['withdrawal detail (OPEN)', '/withdrawals/{id}', rotate(openIds, (id) => `${B}/withdrawals/${id}`)],
    ['players, newest (25)', '/players', [`${B}/players?limit=25`]],
    ['players, newest, deep pages', '/players', rotate(deepNewest, (r) => `${B}/players?limit=25&cursor=${keysetCursor([r.t, r.id])}`)],
    [
      'players by username prefix',
      '/players',
      rotate(names, (r, i) => `${B}/players?by=username&limit=25&q=${enc(prefix(r.username, i))}`),
    ],
    [
      'players by display name prefix',
      '/players',
      rotate(names, (r, i) => `${B}/players?by=displayName&limit=25&q=${enc(prefix(r.display, i))}`),
    ],
    [
      'players by account number prefix',
      '/players',
      rotate(accounts, (a, i) => `${B}/players?by=bankAccount&limit=25&q=${a.slice(0, 4 + (i % 5))}`),
    ],
    ['players by fingerprint (shared)', '/players', rotate(shared, (h) => `${B}/players?by=fingerprint&limit=25&q=${h}`)],
    ['player detail', '/players/{id}', rotate(playerIds, (id) => `${B}/players/${id}`)],
    ["player's deposits (10)", '/players/{id}/deposits', rotate(playerIds, (id) => `${B}/players/${id}/deposits?limit=10`)],
    ["player's withdrawals (10)", '/players/{id}/withdrawals', rotate(playerIds, (id) => `${B}/players/${id}/withdrawals?limit=10`)],
    ['attention: transfers FAILED', '/deposits/attention', [`${B}/deposits/attention?kind=TRANSFER_FAILED`]],
    ['attention: transfers unknown', '/deposits/attention', [`${B}/deposits/attention?kind=TRANSFER_UNKNOWN`]],
    ['attention: unmatched payments', '/deposits/attention', [`${B}/deposits/attention?kind=UNMATCHED_PAYMENT`]],
    ['attention/summary', '/deposits/attention/summary', [`${B}/deposits/attention/summary`]],
    ['currencies', '/currencies', [`${B}/currencies`]],
    ['rate history (10)', '/currencies/{id}/history', [`${B}/currencies/${thb.id}/history?limit=10`]],
    ['agency settings', '/agency/settings', [`${B}/agency/settings`]],
    ['staff users', '/staff-users', [`${B}/staff-users`]],
    ['audit, newest (50)', '/audit', [`${B}/audit?limit=50`]],
    [
      'audit, deep pages',
      '/audit',
      rotate(deepAudit, (r) => `${B}/audit?limit=50&cursor=${Buffer.from(`${r.at}|${r.id}`).toString('base64url')}`),
    ],
    ['audit by staff member', '/audit', rotate(deciders, (id) => `${B}/audit?limit=50&staffId=${id}`)],
    ['audit by action (reject)', '/audit', [`${B}/audit?limit=50&action=withdrawal.reject`]],
    [
      'audit by staff member and a rare action',
      '/audit',
      rotate(deciders, (id) => `${B}/audit?limit=50&staffId=${id}&action=player.block`),
    ],
    ['audit, one day', '/audit', rotate(days, (d) => `${B}/audit?limit=50&from=${d}T00:00:00%2B07:00&to=${d}T23:59:59%2B07:00`)],
    ['promotions', '/promotions', [`${B}/promotions`]],
    ['promotion figures', '/promotions/figures', [`${B}/promotions/figures`]],
    ['promotion', '/promotions/{id}', rotate(promotions, (id) => `${B}/promotions/${id}`)],
    ["promotion's usages, first page", '/promotions/{id}/usages', rotate(promotions, (id) => `${B}/promotions/${id}/usages?limit=20`)],
    [
      `promotion's usages, deep pages (of ${bigPromotion?.n ?? 0})`,
      '/promotions/{id}/usages',
      rotate(deepUsages, (r) => `${B}/promotions/${bigPromotion?.promotion_id}/usages?limit=20&cursor=${keysetCursor([r.t, r.id])}`),
    ],
    ['export deposits.csv, one day', '/exports/deposits.csv', rotate(days, (d) => `${B}/exports/deposits.csv?from=${d}&to=${d}`)],
    ['export withdrawals.csv, one day', '/exports/withdrawals.csv', rotate(days, (d) => `${B}/exports/withdrawals.csv?from=${d}&to=${d}`)],
  ];
}

// GET routes of the back office not timed here, and why (any other one found in the OpenAPI document is named)
const NOT_TIMED = {
  '/players/{id}/credits': "asks each of the five providers for the player's balance: their latency, not this server's",
};

/** Rows in an answer: the first list in it (items, days, figures…), a CSV's lines, else 1. */
function rowsOf(text, path) {
  if (path.includes('.csv')) return Math.max(0, text.split('\r\n').length - 2);
  const body = JSON.parse(text);
  const list = Object.values(body).find(Array.isArray);
  return list ? list.length : 1;
}

async function time(base, paths, cookie, server) {
  const client = [];
  const rows = [];
  let errors = 0;
  let lastError = '';
  for (let i = 0; i < WARMUP + REQUESTS; i++) {
    const path = paths[i % paths.length];
    const t = performance.now();
    const res = await call(base, path, { cookie });
    const elapsed = performance.now() - t;
    if (res.status !== 200) {
      errors++;
      lastError = `${res.status} ${res.text.slice(0, 200)}`;
      continue;
    }
    if (i >= WARMUP) {
      client.push(elapsed);
      if (rows.length < 20) rows.push(rowsOf(res.text, path));
    }
  }
  // the server's own times of the measured requests (after the warm-up's, in order, per URL)
  await new Promise((r) => setTimeout(r, 300));
  const seen = new Map();
  const own = [];
  for (let i = 0; i < WARMUP + REQUESTS; i++) {
    const url = `/api${paths[i % paths.length]}`;
    const k = seen.get(url) ?? 0;
    seen.set(url, k + 1);
    const v = server.times.get(url)?.[k];
    if (i >= WARMUP && v !== undefined) own.push(v);
  }
  for (const url of new Set(paths.map((p) => `/api${p}`))) server.times.delete(url);
  return { client, own, rows, errors, lastError };
}

async function anchors(db) {
  const round = async (fn) => {
    for (let i = 0; i < WARMUP; i++) await fn();
    const out = [];
    for (let i = 0; i < REQUESTS; i++) {
      const t = performance.now();
      await fn();
      out.push(performance.now() - t);
    }
    return out.sort((a, b) => a - b);
  };
  const select1 = await round(() => db.query('SELECT 1'));
  const hello = await round(async () => {
    const res = await request(`${HELLO}/hello`, { dispatcher: client });
    await res.body.text();
  });
  return { select1, hello };
}

async function main() {
  console.log(`backoffice   database ${dbName}${REUSE ? ' (kept fill, not refilled)' : ''}; load average ${loadavg()}`);
  if (!REUSE) await runSql(ADMIN_URL, `CREATE DATABASE ${dbName}`);
  const db = new pg.Client({ connectionString: dbUrl });
  const children = [];
  try {
    if (!REUSE) {
      // migrate and seed (the demo agency, its promotions, the owner), then fill with the server stopped
      const first = startServer(3971);
      children.push(first.child);
      await waitFor(`${SERVER}/api/v2/agency/info`, 120_000);
      await stop(first.child);
      await db.connect();
      console.log(`backoffice   fill: ${PLAYERS} players, ${DEPOSITS} deposits, ${WITHDRAWALS} withdrawals`);
      await fill(db);
    } else await db.connect();
    const server = startServer(3971);
    const cold = startServer(3972, { DASHBOARD_CLOSED_DAYS_SECONDS: '0' });
    const hello = startNode('bench/hello-server.ts', { PORT: '3973' });
    children.push(server.child, cold.child, hello);
    await Promise.all([
      waitFor(`${SERVER}/api/v2/agency/info`, 300_000),
      waitFor(`${COLD}/api/v2/agency/info`, 300_000),
      waitFor(`${HELLO}/hello`),
    ]);
    const cookie = await signIn(db);
    const { rows: counts } = await db.query(
      `SELECT (SELECT count(*) FROM players)::int AS players, (SELECT count(*) FROM deposit_orders)::int AS deposits,
              (SELECT count(*) FROM withdrawals)::int AS withdrawals, (SELECT count(*) FROM withdrawals WHERE status = 'OPEN')::int AS open,
              (SELECT count(*) FROM promotion_usages)::int AS usages, (SELECT count(*) FROM audit_log)::int AS audit,
              (SELECT count(*) FROM provider_transfers)::int AS transfers, pg_size_pretty(pg_database_size(current_database())) AS size,
              current_setting('server_version') AS version, current_setting('shared_buffers') AS shared_buffers, current_setting('jit') AS jit`,
    );
    const c = counts[0];
    console.log(
      `backoffice   ${c.players} players, ${c.deposits} deposits, ${c.withdrawals} withdrawals (${c.open} OPEN), ${c.usages} promotion usages, ` +
        `${c.transfers} provider transfers, ${c.audit} audit rows; ${c.size}; PostgreSQL ${c.version}, shared_buffers ${c.shared_buffers}, jit ${c.jit}`,
    );

    // every GET route of the back office, from the OpenAPI document: each is timed or named as not
    const docs = JSON.parse((await call(SERVER, '/docs/openapi.json')).text);
    const routes = Object.entries(docs.paths)
      .filter(([path, ops]) => path.startsWith('/api/v2/backoffice/') && ops.get)
      .map(([path]) => path.slice('/api/v2/backoffice'.length));
    // a call with nothing to ask in this fill (a small one: no deep page) is left out
    const calls = (await catalogue(db)).filter(([label, , paths]) => (!ONLY || ONLY.test(label)) && paths.length > 0);
    const timedRoutes = new Set(calls.map((c) => c[1]));
    const untimed = routes.filter((r) => !timedRoutes.has(r));

    const anchor = await anchors(db);
    const loadBefore = loadavg();
    const results = [];
    for (const [label, route, paths, base = SERVER] of calls) {
      const r = await time(base, paths, cookie, base === SERVER ? server : cold);
      results.push({ label, route, ...r });
      const s = [...r.own].sort((a, b) => a - b);
      process.stdout.write(
        `  ${label}: server p99 ${ms(percentile(s, 99))} ms${r.errors ? `, ${r.errors} errors (${r.lastError})` : ''}\n`,
      );
    }
    const loadAfter = loadavg();

    const helloP99 = percentile(anchor.hello, 99);
    console.log(
      `\nbackoffice   ${REQUESTS} requests per call after ${WARMUP} of warm-up, one at a time from one client (keep-alive); load average ${loadBefore} → ${loadAfter}`,
    );
    console.log(
      `backoffice   anchors: SELECT 1 round trip p50 ${ms(percentile(anchor.select1, 50))} / p99 ${ms(percentile(anchor.select1, 99))} ms; ` +
        `bare Fastify hello p50 ${ms(percentile(anchor.hello, 50))} / p99 ${ms(helloP99)} ms`,
    );
    console.log('\n| call | route | client p50 | client p99 | server p50 | server p99 | p99 ÷ hello p99 | rows | goal ≤ 50 ms |');
    console.log('|---|---|---|---|---|---|---|---|---|');
    let failed = 0;
    for (const r of results) {
      const cl = [...r.client].sort((a, b) => a - b);
      const own = [...r.own].sort((a, b) => a - b);
      const p99 = own.length >= REQUESTS * 0.9 ? percentile(own, 99) : percentile(cl, 99);
      const download = r.route.endsWith('.csv');
      const pass = r.errors === 0 && p99 <= GOAL_MS;
      if (!pass && !download) failed++;
      const rows = r.rows.length ? `${Math.min(...r.rows)}–${Math.max(...r.rows)}`.replace(/^(\d+)–\1$/, '$1') : '—';
      const verdict = r.errors ? `FAIL (${r.errors} errors)` : pass ? 'PASS' : 'FAIL';
      console.log(
        `| ${r.label} | ${r.route} | ${ms(percentile(cl, 50))} | ${ms(percentile(cl, 99))} | ${ms(percentile(own, 50))} | ${ms(percentile(own, 99))} | ${(p99 / helloP99).toFixed(1)} | ${rows} | ${download ? `${verdict} (a download)` : verdict} |`,
      );
    }
    for (const r of untimed) console.log(`| NOT TIMED | ${r} | ${NOT_TIMED[r] ?? 'no call for it in this bench: add one'} |`);
    const unknown = untimed.filter((r) => !NOT_TIMED[r] && !ONLY);
    console.log(
      `\nbackoffice   ${results.length - failed} of ${results.length} calls within ${GOAL_MS} ms at p99 (server's own time; CSV downloads shown, not counted)` +
        (unknown.length ? `; ${unknown.length} GET routes not timed: ${unknown.join(', ')}` : ''),
    );
    process.exitCode = failed || unknown.length ? 1 : 0;
  } finally {
    await db.end().catch(() => undefined);
    await Promise.all(children.map((c) => stop(c)));
    if (KEEP || REUSE) console.log(`kept ${dbName} (node bench/backoffice.mjs --db ${dbName} to time it again)`);
    else await runSql(ADMIN_URL, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  }
}

await main();
