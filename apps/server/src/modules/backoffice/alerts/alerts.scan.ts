import { sql, type SQL } from 'drizzle-orm';
import { fromMinor, type AlertEvent } from '@app/contracts';
import { queryRows, type Db } from '../../../db/client.js';
import { raiseStaffAlert } from './alerts.raise.js';
import type { StaffAlertEvent } from './alerts.types.js';

/** alerts raised per agency, kind and pass at most: a backlog goes out over the next passes */
const PER_PASS = 50;

interface AgencyAlerts {
  agency_id: string;
  events: AlertEvent[];
  withdrawal_over_lak: string | null;
  withdrawal_wait_minutes: number | null;
}

type Row = Record<string, string>;

/** rows whose event `key` this agency has not raised yet (the key built in SQL from the row) */
const notRaised = (agencyId: string, key: SQL) =>
  sql`NOT EXISTS (SELECT 1 FROM staff_alert_events e WHERE e.agency_id = ${agencyId} AND e.event_key = ${key})`;

/**
 * What each kind of event looks for, as (key, params) per row found. Reads only (no lock, no write
 * on the money tables): each part on the partial or keyset index its screen already uses.
 */
function finders(a: AgencyAlerts): { kind: AlertEvent; rows: SQL; event: (r: Row) => Omit<StaffAlertEvent, 'kind'> }[] {
  const agency = a.agency_id;
  const withdrawal = (r: Row) => ({ code: r.code!, username: r.username!, amountLak: r.amount! });
  return [
    {
      kind: 'withdrawal_large',
      rows: sql`SELECT w.id, w.transaction_code AS code, w.amount_lak::text AS amount, p.username
                  FROM withdrawals w JOIN players p ON p.id = w.player_id
                 WHERE w.agency_id = ${agency} AND w.status IN ('PENDING', 'OPEN') AND w.amount_lak > ${a.withdrawal_over_lak}::bigint
                   AND ${notRaised(agency, sql`'withdrawal_large:' || w.id`)}
                 ORDER BY w.created_at LIMIT ${PER_PASS}`,
      event: (r) => ({ key: `withdrawal_large:${r.id}`, params: { ...withdrawal(r), thresholdLak: a.withdrawal_over_lak! } }),
    },
    {
      kind: 'withdrawal_waiting',
      rows: sql`SELECT w.id, w.transaction_code AS code, w.amount_lak::text AS amount, p.username
                  FROM withdrawals w JOIN players p ON p.id = w.player_id
                 WHERE w.agency_id = ${agency} AND w.status = 'OPEN'
                   AND w.created_at < now() - make_interval(mins => ${a.withdrawal_wait_minutes}::int)
                   AND ${notRaised(agency, sql`'withdrawal_waiting:' || w.id`)}
                 ORDER BY w.created_at LIMIT ${PER_PASS}`,
      event: (r) => ({ key: `withdrawal_waiting:${r.id}`, params: { ...withdrawal(r), minutes: a.withdrawal_wait_minutes! } }),
    },
    {
      // the attention screen's lists (decision 059) and the withdrawals whose credit could not be returned
      kind: 'attention',
      rows: sql`(SELECT 'deposit_failed' AS what, d.id::text AS id, d.transaction_code AS code, d.amount_lak::text AS amount
                   FROM deposit_orders d
                  WHERE d.agency_id = ${agency} AND d.status = 'FAILED' AND d.refunded_at IS NULL
                    AND ${notRaised(agency, sql`'attention:deposit:' || d.id`)} LIMIT ${PER_PASS})
                UNION ALL
                (SELECT 'unmatched_payment', u.id::text, u.bank_reference, u.amount_lak::text
                   FROM unmatched_payments u
                  WHERE u.agency_id = ${agency} AND u.refunded_at IS NULL
                    AND ${notRaised(agency, sql`'attention:unmatched:' || u.id`)} LIMIT ${PER_PASS})
                UNION ALL
                (SELECT 'withdrawal_return', w.id::text, w.transaction_code, w.amount_lak::text
                   FROM withdrawals w
                  WHERE w.agency_id = ${agency} AND w.return_status = 'ATTENTION'
                    AND ${notRaised(agency, sql`'attention:withdrawal_return:' || w.id`)} LIMIT ${PER_PASS})`,
      event: (r) => ({
        key: `attention:${{ deposit_failed: 'deposit', unmatched_payment: 'unmatched', withdrawal_return: 'withdrawal_return' }[r.what!]}:${r.id}`,
        params: { what: r.what!, code: r.code!, amountLak: r.amount! },
      }),
    },
    {
      // flagged by the transfer service once unknown past TRANSFER_ATTENTION_MINUTES
      kind: 'transfer_unknown',
      rows: sql`SELECT t.id, t.reference, t.provider_id AS provider, t.player_username AS username, t.amount::text AS amount
                  FROM provider_transfers t
                 WHERE t.agency_id = ${agency} AND t.status = 'PENDING' AND t.needs_attention
                   AND ${notRaised(agency, sql`'transfer_unknown:' || t.id`)}
                 ORDER BY t.created_at LIMIT ${PER_PASS}`,
      event: (r) => ({
        key: `transfer_unknown:${r.id}`,
        params: { reference: r.reference!, provider: r.provider!, username: r.username!, amountThb: fromMinor(BigInt(r.amount!), 'THB') },
      }),
    },
    {
      // an open difference the reconciliation found with a bank or a provider (modules/reconciliation, decisions 138, 142)
      kind: 'reconciliation',
      rows: sql`SELECT d.id, coalesce(d.bank, d.provider) AS bank, d.currency, d.kind, d.bank_reference AS reference, abs(coalesce(d.bank_amount_lak, d.our_amount_lak))::text AS amount, d.day::text AS day
                  FROM bank_reconciliation_differences d
                 WHERE d.agency_id = ${agency} AND d.resolved_at IS NULL
                   AND ${notRaised(agency, sql`'reconciliation_difference:' || d.id`)}
                 ORDER BY d.found_at LIMIT ${PER_PASS}`,
      event: (r) => ({
        key: `reconciliation_difference:${r.id}`,
        params: {
          detail: `${r.bank!.toUpperCase()} ${r.day} ${r.kind} ${r.reference}`,
          ...(r.amount ? (r.currency === 'THB' ? { amountThb: fromMinor(BigInt(r.amount), 'THB') } : { amountLak: r.amount }) : {}),
        },
      }),
    },
  ];
}

/**
 * One pass over every agency with alerts on and a channel set: raises each event found that was not
 * raised before (raiseStaffAlert records it once and queues its messages). Answers how many.
 */
export async function scanForAlerts(db: Db): Promise<number> {
  const agencies = await queryRows<AgencyAlerts>(
    db,
    sql`SELECT s.agency_id, s.events, s.withdrawal_over_lak::text AS withdrawal_over_lak, s.withdrawal_wait_minutes
          FROM staff_alert_settings s
         WHERE cardinality(s.events) > 0 AND EXISTS (SELECT 1 FROM staff_alert_channels c WHERE c.agency_id = s.agency_id)`,
  );
  let raised = 0;
  for (const a of agencies) {
    for (const finder of finders(a)) {
      if (!a.events.includes(finder.kind)) continue;
      for (const row of await queryRows<Row>(db, finder.rows)) {
        if (await raiseStaffAlert(db, a.agency_id, { kind: finder.kind, ...finder.event(row) })) raised += 1;
      }
    }
  }
  return raised;
}
