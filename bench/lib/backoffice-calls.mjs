// What the back-office bench asks: each call of a screen, with the values of its searches and pages
// read from the filled database.

/** Cursors deep in a list: its order key at `count` positions spread over it, as the server encodes them (decision 058). */
const keysetCursor = (key) => Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
const TS = (col) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

async function spread(db, sql, n) {
  const { rows } = await db.query(sql);
  if (rows.length <= n) return rows;
  const step = rows.length / n;
  return Array.from({ length: n }, (_, i) => rows[Math.floor(i * step)]);
}

/**
 * What each call is asked: the values of a screen's searches and pages, read from the filled database,
 * `n` of each; `cold` is the instance whose dashboard reads every day.
 */
export async function catalogue(db, n, cold) {
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
    ['dashboard, cold (every day read)', '/dashboard', [`${B}/dashboard`], cold],
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
export const NOT_TIMED = {
  '/players/{id}/credits': "asks each of the five providers for the player's balance: their latency, not this server's",
};
