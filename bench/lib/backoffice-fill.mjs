// The back office's data at scale, written by SQL into the real tables of a migrated and
// seeded database (the demo agency, its promotions and currencies, its owner): generate_series, so
// that a million orders take minutes, not the hours the API would. Every row passes the tables' own
// constraints (CHECKs, foreign keys, unique and partial unique indexes: one OPEN deposit and one
// withdrawal in progress per player, one promotion held at a time, a bank account per number and bank)
// and their triggers fire (player_bank_accounts' session notice; nobody listens during the fill).
//
// What is NOT written: ledger postings. No back-office call measured here reads ledger_entries or a
// balance (the dashboard counts orders, usages and players; the lists read orders, transfers and
// usages; a player's credits are asked of the providers and are not measured), and a posting per
// order would add millions of entries the measured queries never touch. So this database's ledger
// does not balance against its orders: it is for these reads only, never for the money checks.
//
// The shape of a live site's year: players registering at a steady pace, orders growing with them
// (deposits and withdrawals per day double over the year), statuses spread as in production (70 %
// of deposits paid, the rest expired or canceled, 0.2 % FAILED at the provider, half of those
// refunded; 88 % of withdrawals paid, a few thousand OPEN in the queue), fingerprints shared by a
// few players (4 % of players, by threes), one account number at two banks, withdrawals' decisions
// in the audit log, promotions used on one paid deposit in seven.

const DAY_MS = 86_400_000;

/** Every statement of the fill, in order; `p` holds whole numbers and ids only (checked by the caller). */
export function fillStatements({ agencyId, players, deposits, withdrawals, passwordHash, staffIds, now = Date.now() }) {
  const P = players;
  const D = deposits;
  const W = withdrawals;
  const A = `'${agencyId}'::uuid`;
  const NOW = `'${new Date(now).toISOString()}'::timestamptz`;
  const T0 = `'${new Date(now - 365 * DAY_MS).toISOString()}'::timestamptz`;
  const SPAN = `interval '365 days'`;
  // player n (1..P): a stable id (an RFC 4122 version 4 uuid, as the API's schemas require) and its
  // registration time, so that any statement can name a player
  const pid = (n) => `(overlay(overlay(md5('bench-player-' || (${n})) PLACING '4' FROM 13) PLACING 'a' FROM 17))::uuid`;
  const created = (n) => `(${T0} + ((${n}) - 1) * ${SPAN} / ${P})`;
  // the players alive at time t: 1..alive(t)
  const alive = (t) => `greatest(1, least(${P}, floor(${P} * extract(epoch FROM (${t}) - ${T0}) / extract(epoch FROM ${SPAN}))::int))`;
  // an order's time: more of them later in the year, as players accumulate (density grows linearly)
  const grownTime = (u, marginMinutes) => `(${T0} + (${SPAN} - interval '${marginMinutes} minutes') * sqrt(${u}))`;
  const hash = passwordHash.replaceAll("'", "''");
  const staff = `ARRAY[${staffIds.deciders.map((id) => `'${id}'::uuid`).join(', ')}]`;
  const step = (total, n) => Math.max(2, Math.floor(total / n));
  const openWithdrawals = Math.min(4000, Math.max(10, Math.floor(W / 75)));
  const openStep = step(P, openWithdrawals);
  const openDeposits = Math.min(300, Math.max(5, Math.floor(D / 3000)));

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
    [
      'deposits',
      // paid 69 %, FAILED at the provider 0.2 % (half refunded), PAID with the transfer still unknown
      // (a handful, older than the attention delay), the rest expired or canceled; a few paid late
      `INSERT INTO deposit_orders (agency_id, player_id, transaction_code, provider_id, mid, bank, amount_lak, credit_thb, sell_rate, status,
                                   gateway_reference, qr_payload, expires_at, bank_reference, paid_at, paid_late, cancel_reason,
                                   created_at, updated_at, refund_reference, refunded_at)
       SELECT ${A}, ${pid('pn')}, 'D' || to_char(t AT TIME ZONE 'Asia/Vientiane', 'YYMMDD') || lpad(j::text, 7, '0'),
              (ARRAY['gclub','gclub','gclub','alphabet','askmebet','betflix','gclub_live'])[1 + floor(r4 * 7)::int], 'DEMO-LAK-001',
              (ARRAY['bcel','bcel','bcel','jdb','ldb','indochina','kasikam','lvb'])[1 + floor(r5 * 8)::int],
              amount, amount * 100 / 690, 690, status,
              'GW' || lpad(j::text, 10, '0'), '00020101021238670016A005266284662577' || lpad(j::text, 10, '0') || '5303418540' || amount || '5802LA6304ABCD',
              t + interval '15 minutes',
              CASE WHEN paid THEN 'FT' || lpad(j::text, 10, '0') END, CASE WHEN paid THEN paid_at END, late,
              CASE WHEN late THEN 'EXPIRED' WHEN status = 'CANCELED' THEN (CASE WHEN r2 < 0.85 THEN 'EXPIRED' WHEN r2 < 0.99 THEN 'PLAYER' ELSE 'GATEWAY_ERROR' END) END,
              t, CASE WHEN paid THEN paid_at + interval '3 seconds' WHEN r2 < 0.85 THEN t + interval '15 minutes' ELSE t + r3 * interval '10 minutes' END,
              CASE WHEN refunded THEN 'RF' || lpad(j::text, 10, '0') END,
              CASE WHEN refunded THEN least(${NOW} - interval '1 minute', paid_at + interval '1 day') END
         FROM (SELECT j, t, r, r2, r3, r4, r5, amount, status, paid, late,
                      status = 'FAILED' AND r2 < 0.5 AS refunded,
                      CASE WHEN late THEN least(${NOW} - interval '1 second', t + interval '20 minutes' + r3 * interval '2 hours') ELSE t + interval '30 seconds' + r3 * interval '4 minutes' END AS paid_at,
                      1 + floor(random() * ${alive('t')})::int AS pn
                 FROM (SELECT j, t, r, r2, r3, r4, r5, amount,
                              CASE WHEN r < 0.69 THEN 'SUCCESS' WHEN r < 0.692 THEN 'FAILED' WHEN r < 0.69203 THEN 'PAID' ELSE 'CANCELED' END AS status,
                              r < 0.69203 AS paid, r < 0.69 AND r2 < 0.004 AS late
                         FROM (SELECT j, ${grownTime('random()', 20)} AS t, random() AS r, random() AS r2, random() AS r3, random() AS r4, random() AS r5,
                                      (20 + floor(power(random(), 3) * 1980))::bigint * 1000 AS amount
                                 FROM generate_series(1, ${D}) AS j) g) s) o`,
    ],
    [
      'deposits open and in flight',
      // the QRs being paid right now (one OPEN per player) and a few payments settling this minute
      `INSERT INTO deposit_orders (agency_id, player_id, transaction_code, provider_id, mid, bank, amount_lak, credit_thb, sell_rate, status,
                                   gateway_reference, qr_payload, expires_at, bank_reference, paid_at, created_at, updated_at)
       SELECT ${A}, ${pid('pn')}, 'D' || to_char(t AT TIME ZONE 'Asia/Vientiane', 'YYMMDD') || 'L' || lpad(k::text, 6, '0'), 'gclub', 'DEMO-LAK-001', 'bcel',
              100000, 100000 * 100 / 690, 690, CASE WHEN k % 15 = 0 THEN 'PAID' ELSE 'OPEN' END,
              'GWL' || lpad(k::text, 9, '0'), '00020101021238670016A005266284662577L' || k, t + interval '15 minutes',
              CASE WHEN k % 15 = 0 THEN 'FTL' || lpad(k::text, 9, '0') END, CASE WHEN k % 15 = 0 THEN t + interval '30 seconds' END, t, t
         FROM (SELECT k, 1 + k * ${step(P, openDeposits)} AS pn, ${NOW} - random() * interval '14 minutes' AS t
                 FROM generate_series(0, ${openDeposits - 1}) AS k) x`,
    ],
    [
      'deposit transfers',
      // each paid deposit's credit to the provider: POSTED, VOIDED (its deposit FAILED) or PENDING
      `INSERT INTO provider_transfers (agency_id, player_id, player_username, provider_id, direction, amount, reference, kind, order_id,
                                       counter_account_id, status, attempts, last_error, provider_transfer_id, needs_attention, created_at, updated_at, settled_at)
       SELECT o.agency_id, o.player_id, p.username, o.provider_id, 'IN', o.credit_thb, 'dep:' || o.id, 'deposit', o.id, x.id,
              CASE o.status WHEN 'SUCCESS' THEN 'POSTED' WHEN 'FAILED' THEN 'VOIDED' ELSE 'PENDING' END,
              CASE o.status WHEN 'SUCCESS' THEN 1 ELSE 4 END,
              CASE o.status WHEN 'FAILED' THEN 'provider refused: PLAYER_SUSPENDED' WHEN 'PAID' THEN 'timeout after 10000 ms' END,
              CASE WHEN o.status = 'SUCCESS' THEN 'PT' || o.bank_reference END,
              o.status = 'PAID' AND o.paid_at < ${NOW} - interval '15 minutes',
              o.paid_at, o.updated_at, CASE WHEN o.status IN ('SUCCESS', 'FAILED') THEN o.updated_at END
         FROM deposit_orders o JOIN players p ON p.id = o.player_id
         JOIN ledger_accounts x ON x.agency_id = o.agency_id AND x.type = 'EXCHANGE' AND x.currency = 'THB' AND x.shard = 0
          AND x.player_id IS NULL AND x.provider_id IS NULL
        WHERE o.agency_id = ${A} AND o.paid_at IS NOT NULL`,
    ],
    [
      'deposit retries',
      // a quarter of the FAILED deposits were retried by staff once, and failed again
      `INSERT INTO provider_transfers (agency_id, player_id, player_username, provider_id, direction, amount, reference, kind, order_id,
                                       counter_account_id, status, attempts, last_error, created_at, updated_at, settled_at)
       SELECT t.agency_id, t.player_id, t.player_username, t.provider_id, 'IN', t.amount, t.reference || ':retry:1', 'deposit', t.order_id,
              t.counter_account_id, 'VOIDED', 2, 'provider refused: PLAYER_SUSPENDED', t.created_at + interval '1 hour', t.updated_at + interval '1 hour',
              t.updated_at + interval '1 hour'
         FROM provider_transfers t WHERE t.kind = 'deposit' AND t.status = 'VOIDED' AND get_byte(decode(md5(t.reference), 'hex'), 0) < 64`,
    ],
    [
      'withdrawals',
      // paid 88 %, rejected 6 %, canceled 4.5 %, FAILED 1.5 %; to the player's bank account as it was
      `INSERT INTO withdrawals (id, agency_id, player_id, transaction_code, provider_id, status, total_credit, credit_received, amount_lak, rate,
                                bank, account_number, account_name, return_status, bank_reference, reject_reason, decided_by, decided_at,
                                created_at, updated_at)
       SELECT gen_random_uuid(), ${A}, b.player_id, 'W' || to_char(t AT TIME ZONE 'Asia/Vientiane', 'YYMMDD') || lpad(j::text, 7, '0'),
              (ARRAY['gclub','gclub','gclub','alphabet','askmebet','betflix','gclub_live'])[1 + floor(r4 * 7)::int], status, credit, credit,
              credit * 680 / 100, 680, b.bank, b.account_number, b.account_name,
              CASE WHEN status IN ('REJECTED', 'CANCELED') THEN 'RETURNED' END,
              CASE WHEN status = 'SUCCESS' THEN 'BT' || lpad(j::text, 10, '0') END,
              CASE WHEN status = 'REJECTED' THEN (ARRAY['Account name does not match', 'ຊື່ບັນຊີບໍ່ກົງກັນ', 'Duplicate request', 'ເລກບັນຊີບໍ່ຖືກຕ້ອງ'])[1 + floor(r3 * 4)::int] END,
              CASE WHEN status IN ('SUCCESS', 'REJECTED') THEN (${staff})[1 + floor(r3 * ${staffIds.deciders.length})::int] END,
              CASE WHEN status IN ('SUCCESS', 'REJECTED') THEN decided END,
              t, CASE WHEN status IN ('SUCCESS', 'REJECTED') THEN decided ELSE t + interval '2 minutes' END
         FROM (SELECT j, t, r3, r4, credit, least(${NOW} - interval '1 minute', t + interval '3 minutes' + power(r2, 2) * interval '6 hours') AS decided,
                      CASE WHEN r < 0.88 THEN 'SUCCESS' WHEN r < 0.94 THEN 'REJECTED' WHEN r < 0.985 THEN 'CANCELED' ELSE 'FAILED' END AS status,
                      CASE WHEN pn % 4 = 0 THEN pn - 1 ELSE pn END AS pn
                 FROM (SELECT j, t, random() AS r, random() AS r2, random() AS r3, random() AS r4,
                              (100 + floor(power(random(), 3) * 19900))::bigint * 100 AS credit,
                              1 + floor(random() * ${alive('t')})::int AS pn
                         FROM (SELECT j, ${grownTime('random()', 60)} AS t FROM generate_series(1, ${W}) AS j) g) s) w
         JOIN player_bank_accounts b ON b.player_id = ${pid('w.pn')}`,
    ],
    [
      'withdrawals open',
      // the queue: OPEN for the last two days, and a few PENDING (credit leaving the provider now);
      // one in progress per player
      `INSERT INTO withdrawals (id, agency_id, player_id, transaction_code, provider_id, status, total_credit, credit_received, amount_lak, rate,
                                bank, account_number, account_name, created_at, updated_at)
       SELECT gen_random_uuid(), ${A}, b.player_id, 'W' || to_char(t AT TIME ZONE 'Asia/Vientiane', 'YYMMDD') || 'Q' || lpad(k::text, 6, '0'), 'gclub',
              CASE WHEN k % 150 = 0 THEN 'PENDING' ELSE 'OPEN' END, credit, credit, credit * 680 / 100, 680,
              b.bank, b.account_number, b.account_name, t, t
         FROM (SELECT k, pn, (100 + floor(power(random(), 3) * 19900))::bigint * 100 AS credit,
                      CASE WHEN k % 150 = 0 THEN ${NOW} - random() * interval '1 minute'
                           ELSE greatest(${NOW} - random() * interval '48 hours', ${created('pn')} + interval '2 hours') END AS t
                 FROM (SELECT k, 1 + k * ${openStep} AS pn FROM generate_series(0, ${openWithdrawals - 1}) AS k) x) q
         JOIN player_bank_accounts b ON b.player_id = ${pid('q.pn')}
        WHERE q.t <= ${NOW}`,
    ],
    [
      'withdrawal transfers',
      // the credit taken from the provider (FAILED: the provider refused it) and, for a rejected or
      // canceled one, given back
      `INSERT INTO provider_transfers (agency_id, player_id, player_username, provider_id, direction, amount, reference, kind, order_id,
                                       counter_account_id, status, attempts, last_error, created_at, updated_at, settled_at)
       SELECT w.agency_id, w.player_id, p.username, w.provider_id, d.direction, w.total_credit,
              'withdraw:' || w.id || d.suffix, d.kind, w.id, x.id,
              CASE WHEN w.status = 'PENDING' THEN 'PENDING' WHEN w.status = 'FAILED' THEN 'VOIDED' ELSE 'POSTED' END, 1,
              CASE WHEN w.status = 'FAILED' THEN 'provider refused: INSUFFICIENT_BALANCE' END,
              w.created_at + d.after, w.updated_at + d.after, CASE WHEN w.status <> 'PENDING' THEN w.updated_at + d.after END
         FROM withdrawals w JOIN players p ON p.id = w.player_id
         JOIN ledger_accounts x ON x.agency_id = w.agency_id AND x.type = 'WITHDRAWALS_PAYABLE' AND x.currency = 'THB' AND x.shard = 0
          AND x.player_id IS NULL AND x.provider_id IS NULL
         CROSS JOIN LATERAL (VALUES ('OUT', ':out', 'withdraw', interval '0'), ('IN', ':return:1', 'withdraw_return', interval '1 minute')) AS d (direction, suffix, kind, after)
        WHERE w.agency_id = ${A} AND (d.kind = 'withdraw' OR w.status IN ('REJECTED', 'CANCELED'))`,
    ],
    [
      'promotions',
      // twelve promotions: the demo's three and nine monthly ones of the year, ended
      `INSERT INTO promotions (agency_id, code, texts, providers, starts_at, ends_at, rules, is_active, created_at, updated_at)
       SELECT p.agency_id, p.code || '_M' || k, p.texts, p.providers, ${T0} + (k - 1) * interval '30 days', ${T0} + k * interval '30 days',
              p.rules, false, ${T0} + (k - 1) * interval '30 days', ${T0} + k * interval '30 days'
         FROM promotions p CROSS JOIN generate_series(1, 3) AS k WHERE p.agency_id = ${A} AND p.code IN ('FIRST100', 'DAILY10', 'SET50K')`,
    ],
    [
      'promotion usages',
      // one paid deposit in seven was made under a promotion: the bonus credited with it, then kept
      // (SUCCESS, at the withdrawal), given up or taken back (CANCELED), or voided with its transfer
      `INSERT INTO promotion_usages (agency_id, player_id, promotion_id, provider_id, status, deposit_order_id, deposit_credit, bonus,
                                     turnover_required, turnover, clawed_back, closed_by, created_at, expires_at, used_at, closed_at, updated_at)
       SELECT o.agency_id, o.player_id, promo.id, o.provider_id, st.status, o.id, o.credit_thb, bonus,
              (o.credit_thb + bonus) * 3, CASE WHEN st.status = 'SUCCESS' THEN (o.credit_thb + bonus) * 3 ELSE (o.credit_thb + bonus) END,
              CASE WHEN st.closed_by IN ('STAFF', 'RECHECK') THEN bonus / 2 END, st.closed_by,
              o.created_at - interval '2 minutes', o.created_at + interval '1 day', o.paid_at, st.closed_at, st.closed_at
         FROM deposit_orders o
         CROSS JOIN LATERAL (SELECT least(o.credit_thb, 30000) AS bonus, get_byte(decode(md5(o.id::text), 'hex'), 1) AS h) b
         CROSS JOIN LATERAL (SELECT id FROM promotions WHERE agency_id = ${A} ORDER BY code OFFSET (b.h % 12) LIMIT 1) promo
         CROSS JOIN LATERAL (SELECT CASE WHEN o.status = 'FAILED' THEN 'CANCELED' WHEN b.h < 140 THEN 'SUCCESS' ELSE 'CANCELED' END AS status,
                                    CASE WHEN o.status = 'FAILED' THEN 'VOIDED' WHEN b.h < 140 THEN 'WITHDRAWAL'
                                         ELSE (ARRAY['PLAYER', 'EXPIRED', 'RECHECK', 'STAFF'])[1 + b.h % 4] END AS closed_by,
                                    least(${NOW} - interval '1 minute', o.paid_at + (1 + b.h % 9) * interval '1 day') AS closed_at) st
        WHERE o.agency_id = ${A} AND o.status IN ('SUCCESS', 'FAILED') AND get_byte(decode(md5(o.id::text), 'hex'), 0) < 37`,
    ],
    [
      'promotion usages never used',
      // taken and let expire, or ended by a deactivated promotion, without a deposit
      `INSERT INTO promotion_usages (agency_id, player_id, promotion_id, provider_id, status, closed_by, created_at, expires_at, closed_at, updated_at)
       SELECT ${A}, ${pid('pn')}, promo.id, 'gclub', CASE WHEN k % 5 = 0 THEN 'INACTIVE' ELSE 'CANCELED' END,
              CASE WHEN k % 5 = 0 THEN 'DEACTIVATED' ELSE 'EXPIRED' END, t, t + interval '1 day', t + interval '1 day', t + interval '1 day'
         FROM (SELECT k, ${grownTime('random()', 60 * 48)} AS t FROM generate_series(1, ${Math.floor(D / 50)}) AS k) g
         CROSS JOIN LATERAL (SELECT 1 + floor(random() * ${alive('g.t')})::int AS pn) x
         CROSS JOIN LATERAL (SELECT id FROM promotions WHERE agency_id = ${A} ORDER BY code OFFSET (g.k % 12) LIMIT 1) promo`,
    ],
    [
      'promotion usages held by the queue',
      // one OPEN withdrawal in three was asked under a promotion still in use (USED, one held per player)
      `WITH held AS (
         INSERT INTO promotion_usages (agency_id, player_id, promotion_id, provider_id, status, deposit_order_id, deposit_credit, bonus,
                                       turnover_required, turnover, created_at, expires_at, used_at, updated_at)
         SELECT w.agency_id, w.player_id, promo.id, d.provider_id, 'USED', d.id, d.credit_thb, least(d.credit_thb, 30000),
                (d.credit_thb + least(d.credit_thb, 30000)) * 3, d.credit_thb, d.created_at - interval '2 minutes', d.created_at + interval '1 day',
                d.paid_at, d.paid_at
           FROM withdrawals w
           CROSS JOIN LATERAL (SELECT o.id, o.provider_id, o.credit_thb, o.created_at, o.paid_at FROM deposit_orders o WHERE o.player_id = w.player_id AND o.status = 'SUCCESS'
                                  AND NOT EXISTS (SELECT 1 FROM promotion_usages u WHERE u.deposit_order_id = o.id)
                                ORDER BY o.created_at DESC LIMIT 1) d
           CROSS JOIN LATERAL (SELECT id FROM promotions WHERE agency_id = ${A} AND code = 'FIRST100') promo
          WHERE w.agency_id = ${A} AND w.status = 'OPEN' AND get_byte(decode(md5(w.id::text), 'hex'), 0) < 85
         RETURNING id, player_id)
       UPDATE withdrawals w SET promotion_usage_id = held.id FROM held WHERE w.player_id = held.player_id AND w.status = 'OPEN'`,
    ],
    [
      'promotion uses',
      `UPDATE promotions p SET uses = u.n FROM (SELECT promotion_id, count(*)::int AS n FROM promotion_usages
                                               WHERE status IN ('ACTIVE', 'USED', 'SUCCESS') GROUP BY promotion_id) u
        WHERE p.id = u.promotion_id`,
    ],
    [
      'promotion figures folded',
      // what the worker does every few seconds (decision 079): the trigger's deltas of the usages just
      // written, into the figures' totals (the measured servers run without the worker)
      `SELECT promotion_figures_fold()`,
    ],
    [
      'unmatched payments',
      // payments no order took: a second payment of a paid QR, another amount, a reference never issued
      `INSERT INTO unmatched_payments (agency_id, order_id, gateway_reference, bank_reference, amount_lak, currency, paid_at, reason, created_at,
                                       refund_reference, refunded_at)
       SELECT ${A}, CASE WHEN k % 5 < 3 THEN o.id END, CASE WHEN k % 5 < 3 THEN o.gateway_reference ELSE 'GWX' || k END, 'UM' || lpad(k::text, 8, '0'), o.amount_lak, 'LAK',
              o.paid_at + interval '2 minutes', CASE k % 5 WHEN 0 THEN 'PAID_TWICE' WHEN 1 THEN 'PAID_TWICE' WHEN 2 THEN 'AMOUNT_MISMATCH' ELSE 'NO_ORDER' END,
              o.paid_at + interval '2 minutes',
              CASE WHEN k % 2 = 0 THEN 'URF' || lpad(k::text, 8, '0') END,
              CASE WHEN k % 2 = 0 THEN least(${NOW}, o.paid_at + interval '1 day') END
         FROM (SELECT row_number() OVER () AS k, o.* FROM deposit_orders o
                WHERE o.agency_id = ${A} AND o.status = 'SUCCESS' AND o.bank_reference LIKE '%37' LIMIT ${Math.max(10, Math.floor(D / 3000))}) o`,
    ],
    [
      'rate history',
      `INSERT INTO currency_rate_history (agency_id, currency_id, buy_rate, sell_rate, previous_buy_rate, previous_sell_rate, staff_id, staff_username, changed_at)
       SELECT c.agency_id, c.id, 670 + (d % 20), 680 + (d % 20), 670 + ((d + 19) % 20), 680 + ((d + 19) % 20), (${staff})[1], 'owner',
              ${T0} + d * interval '1 day' + interval '2 hours'
         FROM currencies c CROSS JOIN generate_series(0, 364) AS d WHERE c.agency_id = ${A} AND c.code = 'THB'`,
    ],
    [
      'audit log',
      // every decision of a withdrawal, every block and refund, in time order (ids follow time)
      `INSERT INTO audit_log (agency_id, staff_id, staff_username, action, entity_type, entity_id, before, after, ip, at)
       SELECT a.agency_id, a.staff_id, s.username, a.action, a.entity_type, a.entity_id, a.before, a.after, '10.0.0.' || (1 + a.at_second % 50), a.at
         FROM (SELECT w.agency_id, w.decided_by AS staff_id, CASE w.status WHEN 'SUCCESS' THEN 'withdrawal.approve' ELSE 'withdrawal.reject' END AS action,
                      'withdrawal' AS entity_type, w.id::text AS entity_id, jsonb_build_object('status', 'OPEN') AS before,
                      jsonb_build_object('status', w.status, 'bankReference', w.bank_reference, 'rejectReason', w.reject_reason) AS after,
                      w.decided_at AS at, extract(second FROM w.decided_at)::int AS at_second
                 FROM withdrawals w WHERE w.agency_id = ${A} AND w.status IN ('SUCCESS', 'REJECTED')
               UNION ALL
               SELECT p.agency_id, (${staff})[1 + p.n % ${staffIds.deciders.length}], 'player.block', 'player', p.id::text,
                      jsonb_build_object('status', 'active'), jsonb_build_object('status', 'blocked'), p.at, p.n % 60
                 FROM (SELECT agency_id, id, created_at + interval '3 days' AS at, row_number() OVER () AS n FROM players
                        WHERE agency_id = ${A} AND status = 'blocked') p WHERE p.at < ${NOW}
               UNION ALL
               SELECT o.agency_id, (${staff})[1], 'deposit.refund', 'deposit', o.id::text, jsonb_build_object('refunded', false),
                      jsonb_build_object('refundReference', o.refund_reference), o.refunded_at, 7
                 FROM deposit_orders o WHERE o.agency_id = ${A} AND o.refunded_at IS NOT NULL) a
         JOIN staff_users s ON s.id = a.staff_id
        ORDER BY a.at`,
    ],
  ];
}

/** After the fill: the statistics and visibility map a live database's autovacuum keeps (it is off on this server). */
export const AFTER_FILL = ['VACUUM (ANALYZE)', 'CHECKPOINT'];
