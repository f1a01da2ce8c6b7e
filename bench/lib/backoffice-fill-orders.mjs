// The back office's year (backoffice-fill.mjs): the orders and the credit moved for them.

/** Deposits and withdrawals over the year, with their provider transfers. */
export function orderStatements({ P, D, W, A, NOW, pid, created, alive, grownTime, staff, staffIds }) {
  const step = (total, n) => Math.max(2, Math.floor(total / n));
  const openWithdrawals = Math.min(4000, Math.max(10, Math.floor(W / 75)));
  const openStep = step(P, openWithdrawals);
  const openDeposits = Math.min(300, Math.max(5, Math.floor(D / 3000)));

  return [
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
  ];
}
