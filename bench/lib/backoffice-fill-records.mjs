// The back office's year (backoffice-fill.mjs): what the orders leave behind in the other screens' tables.

/** What follows from the orders: promotions and their usages, unmatched payments, rate history and the audit log. */
export function recordStatements({ D, A, NOW, T0, pid, alive, grownTime, staff, staffIds }) {
  return [
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
