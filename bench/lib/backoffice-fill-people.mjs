// The back office's year (backoffice-fill.mjs): who is there, before any order.

/** The fill's first statements: the session's settings, the house accounts, staff, players with their devices, bank accounts and sessions. */
export function peopleStatements({ P, A, NOW, T0, pid, created, hash, staffIds }) {
  return [
    ['session', `SET synchronous_commit = off; SET maintenance_work_mem = '256MB'; SELECT setseed(0.17)`],
    // the house accounts a transfer names as its counterpart (created as the ledger would, shard 0)
    [
      'house accounts',
      `INSERT INTO ledger_accounts (agency_id, type, currency) VALUES (${A}, 'EXCHANGE', 'THB'), (${A}, 'WITHDRAWALS_PAYABLE', 'THB')
       ON CONFLICT DO NOTHING`,
    ],
    [
      'staff',
      `INSERT INTO staff_users (id, agency_id, username, password_hash, role, created_at)
       SELECT id, ${A}, name, '${hash}', role, ${T0} FROM unnest(
         ARRAY[${staffIds.others.map((s) => `'${s.id}'::uuid`).join(', ')}],
         ARRAY[${staffIds.others.map((s) => `'${s.username}'`).join(', ')}],
         ARRAY[${staffIds.others.map((s) => `'${s.role}'`).join(', ')}]) AS s (id, name, role)`,
    ],
    [
      'players',
      `INSERT INTO players (id, agency_id, username, password_hash, display_name, status, promotion_blocked, created_at, last_login_at)
       SELECT ${pid('n')}, ${A},
              (ARRAY['somchai','bounmy','khamla','noy','phet','vanh','souk','keo','dao','mali','thong','sone','vieng','kham','boua','chan','lat','nang','phon','sai'])[1 + n % 20] || '_' || n,
              '${hash}',
              (ARRAY['ສົມໃຈ','ບຸນມີ','ຄຳລາ','ນ້ອຍ','ເພັດ','ວັນນາ','ສຸກສະຫວັນ','ແກ້ວ','Dao','Mali','Thong','Sone','Vieng','Kham','Boua','Chan','Lat','Nang','Phon','Sai'])[1 + (n / 20) % 20]
                || ' ' || (ARRAY['ພົມມະຈັນ','ສີສຸວັນ','Keomany','Phommachanh','Sisouvanh','Vongsa','ແສງສະຫວ່າງ','Inthavong','Souvannavong','Chanthavong'])[1 + (n / 400) % 10],
              CASE WHEN n % 97 = 0 THEN 'blocked' ELSE 'active' END, n % 211 = 0,
              ${created('n')}, ${created('n')} + (${NOW} - ${created('n')}) * random()
         FROM generate_series(1, ${P}) AS n`,
    ],
    [
      'fingerprints',
      // 1–4 days each; 4 % of players in threes share one device's hash
      `INSERT INTO player_fingerprints (player_id, day, hash, payload, updated_at)
       SELECT ${pid('n')}, (${created('n')} AT TIME ZONE 'Asia/Vientiane')::date + k * 5,
              CASE WHEN (n / 3) % 25 = 0 THEN md5('bench-device-' || (n / 3)) ELSE md5('bench-device-own-' || n) END,
              CASE WHEN k = 0 THEN NULL ELSE jsonb_build_object('ua', 'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36', 'screen', '1080x2400', 'tz', 'Asia/Vientiane', 'lang', 'lo') END,
              ${created('n')} + k * interval '5 days'
         FROM generate_series(1, ${P}) AS n, generate_series(0, n % 4) AS k
        WHERE ${created('n')} + k * interval '5 days' < ${NOW}`,
    ],
    [
      'bank accounts',
      // three players in four; one number in a thousand also at a second bank, for another player
      `INSERT INTO player_bank_accounts (agency_id, player_id, bank, account_number, account_name, created_at)
       SELECT ${A}, ${pid('n')}, (ARRAY['bcel','jdb','ldb','indochina','kasikam','lvb'])[1 + n % 6],
              '01' || lpad((((CASE WHEN n % 1000 = 2 THEN n - 1 ELSE n END)::bigint * 7919) % 1000000007)::text, 11, '0'),
              'PLAYER ' || n, ${created('n')} + interval '1 hour'
         FROM generate_series(1, ${P}) AS n WHERE n % 4 <> 0`,
    ],
    [
      'sessions',
      `INSERT INTO player_sessions (token_hash, player_id, agency_id, created_at, last_seen_at, expires_at, ip, user_agent)
       SELECT md5('bench-session-' || n), ${pid('n')}, ${A}, ${NOW} - interval '2 days', ${NOW} - interval '1 hour', ${NOW} + interval '28 days',
              '10.1.' || (n % 250) || '.' || (n % 199), 'Mozilla/5.0 (Linux; Android 13)'
         FROM generate_series(greatest(1, ${P} - ${Math.min(10_000, P)} + 1), ${P}) AS n`,
    ],
  ];
}
