import { and, eq, isNull, sql } from 'drizzle-orm';
import type { BankCode, ProviderId, ReconciliationMethod } from '@app/contracts';
import { queryRows, textArray, type Db, type Tx } from '../../db/client.js';
import { bankReconciliationDifferences, bankReconciliationRuns } from '../../db/schema/index.js';
import type { Difference } from './reconciliation.compare.js';

/** What one comparison covers: an agency's bank, or its game provider (docs/decisions/142), for one Lao day. */
export type ReconcileScope = { agencyId: string; day: string } & (
  { bank: BankCode; provider?: never } | { provider: ProviderId; bank?: never }
);

const t = bankReconciliationDifferences;
/** the rows of the scope's counterpart (the other column is null) */
const counterpart = (s: ReconcileScope) => (s.bank !== undefined ? eq(t.bank, s.bank) : eq(t.provider, s.provider));
const columns = (s: ReconcileScope) => ({ bank: s.bank ?? null, provider: s.provider ?? null });

/**
 * Keeps what one comparison found, in one transaction: each difference once per (agency, bank or
 * provider, kind, reference) — found again, a difference a comparison had cleared is open again, one staff
 * resolved stays so —, the day's open differences not found this time cleared, and the run's line.
 * Answers how many differences of the day are open.
 */
export async function recordComparison(
  db: Db,
  input: ReconcileScope,
  result: { method: ReconciliationMethod; checked: number; differences: Difference[] },
): Promise<number> {
  return db.transaction(async (tx) => {
    for (const d of result.differences) {
      await tx
        .insert(t)
        .values({ agencyId: input.agencyId, ...columns(input), day: input.day, ...d })
        .onConflictDoUpdate({
          target: [t.agencyId, input.bank !== undefined ? t.bank : t.provider, t.kind, t.bankReference],
          set: {
            bankAmountLak: d.bankAmountLak,
            ourAmountLak: d.ourAmountLak,
            resolvedAt: null,
            resolution: null,
          },
          setWhere: sql`${bankReconciliationDifferences.resolution} IS DISTINCT FROM 'RESOLVED'`,
        });
    }
    const found = result.differences.map((d) => `${d.kind}:${d.bankReference}`);
    await queryRows(
      tx,
      sql`UPDATE bank_reconciliation_differences SET resolved_at = now(), resolution = 'CLEARED'
           WHERE agency_id = ${input.agencyId} AND ${counterpart(input)} AND day = ${input.day}::date AND resolved_at IS NULL
             AND NOT (kind || ':' || bank_reference = ANY (${textArray(found)}::text[]))`,
    );
    const [open] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(bankReconciliationDifferences)
      .where(
        and(
          eq(bankReconciliationDifferences.agencyId, input.agencyId),
          counterpart(input),
          eq(bankReconciliationDifferences.day, input.day),
          isNull(bankReconciliationDifferences.resolvedAt),
        ),
      );
    await writeRun(tx, input, { method: result.method, checked: result.checked, differences: open!.n, error: null });
    return open!.n;
  });
}

/** The run's line of the day: its last outcome (an error: the bank or provider could not be asked; it is tried again). */
export async function writeRun(
  db: Db | Tx,
  input: ReconcileScope,
  run: { method: ReconciliationMethod; checked: number; differences: number; error: string | null },
) {
  const values = { ...run, finishedAt: sql`now()` };
  await db
    .insert(bankReconciliationRuns)
    .values({ agencyId: input.agencyId, ...columns(input), day: input.day, ...values })
    .onConflictDoUpdate({
      target: [
        bankReconciliationRuns.agencyId,
        input.bank !== undefined ? bankReconciliationRuns.bank : bankReconciliationRuns.provider,
        bankReconciliationRuns.day,
      ],
      set: values,
    });
}

/** Closes one open difference: CLEARED (it no longer differs) or RESOLVED by a staff member with a note. Answers the row before, or null if it was not open. */
export async function closeDifference(
  tx: Tx,
  a: { agencyId: string; id: string; resolution: 'CLEARED' | 'RESOLVED'; staffId?: string; note?: string },
) {
  const [row] = await tx
    .update(bankReconciliationDifferences)
    .set({ resolvedAt: sql`now()`, resolution: a.resolution, resolvedBy: a.staffId ?? null, note: a.note ?? null })
    .where(
      and(
        eq(bankReconciliationDifferences.id, a.id),
        eq(bankReconciliationDifferences.agencyId, a.agencyId),
        isNull(bankReconciliationDifferences.resolvedAt),
      ),
    )
    .returning();
  return row ?? null;
}
