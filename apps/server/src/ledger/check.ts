import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';

/**
 * Proves the ledger's invariants (DESIGN.md §3): every transaction sums to zero per currency, every
 * entry stays within one currency, cached balances equal the sum of entries, references are unique,
 * and the balances that must not be negative are not. Returns the problems found (empty when sound).
 */
export async function checkLedger(db: Db, agencyId?: string): Promise<string[]> {
  const scope = agencyId ? sql`AND a.agency_id = ${agencyId}` : sql``;
  const problems: string[] = [];

  const mixed = await queryRows<{ id: string }>(
    db,
    sql`SELECT e.id::text AS id FROM ledger_entries e
          JOIN ledger_accounts f ON f.id = e.from_account_id
          JOIN ledger_accounts t ON t.id = e.to_account_id
         WHERE f.currency <> e.currency OR t.currency <> e.currency`,
  );
  for (const r of mixed) problems.push(`entry ${r.id} crosses currencies`);

  const unbalanced = await queryRows<{ transaction_id: string; currency: string; total: string }>(
    db,
    sql`SELECT x.transaction_id::text, x.currency, sum(x.delta)::text AS total FROM (
          SELECT transaction_id, currency, -amount AS delta FROM ledger_entries
          UNION ALL SELECT transaction_id, currency, amount FROM ledger_entries) x
        GROUP BY x.transaction_id, x.currency HAVING sum(x.delta) <> 0`,
  );
  for (const r of unbalanced) problems.push(`transaction ${r.transaction_id} sums to ${r.total} ${r.currency}`);

  const drift = await queryRows<{ id: string; balance: string; computed: string }>(
    db,
    sql`SELECT a.id::text, a.balance::text,
               (coalesce((SELECT sum(amount) FROM ledger_entries WHERE to_account_id = a.id), 0)
              - coalesce((SELECT sum(amount) FROM ledger_entries WHERE from_account_id = a.id), 0))::text AS computed
          FROM ledger_accounts a WHERE true ${scope}`,
  );
  for (const r of drift) if (r.balance !== r.computed) problems.push(`account ${r.id} caches ${r.balance}, entries say ${r.computed}`);

  const totals = await queryRows<{ currency: string; total: string }>(
    db,
    sql`SELECT a.currency, sum(a.balance)::text AS total FROM ledger_accounts a WHERE true ${scope} GROUP BY a.currency HAVING sum(a.balance) <> 0`,
  );
  for (const r of totals) problems.push(`balances of ${r.currency} sum to ${r.total}`);

  const negative = await queryRows<{ id: string; balance: string }>(
    db,
    sql`SELECT a.id::text, a.balance::text FROM ledger_accounts a
         WHERE a.type IN ('PLAYER_CREDIT', 'TRANSFER_IN_FLIGHT', 'WITHDRAWALS_PAYABLE') AND a.balance < 0 ${scope}`,
  );
  for (const r of negative) problems.push(`account ${r.id} is negative: ${r.balance}`);

  const dupes = await queryRows<{ reference: string }>(
    db,
    sql`SELECT reference FROM ledger_transactions GROUP BY reference HAVING count(*) > 1
        UNION ALL SELECT reference FROM provider_transfers GROUP BY reference HAVING count(*) > 1`,
  );
  for (const r of dupes) problems.push(`reference ${r.reference} is used twice`);
  return problems;
}
