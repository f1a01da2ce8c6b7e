import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { DEFAULT_AGENCY_SETTINGS, fromMinor, toMinor, type AgencySettings } from '@app/contracts';
import type { Tx } from '../../db/client.js';
import { agencies, withdrawals, type WithdrawalRow } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { vientianeDay, vientianeDayStart } from '../shared/business-day.js';

/**
 * The agency's risk rules on withdrawals (docs/decisions/161, 163). Each is off while its setting is
 * null (an agency that never set it: DEFAULT_AGENCY_SETTINGS).
 */

/** what counts toward the daily caps: every withdrawal not given back (decision 161) */
const COUNTED = ['PENDING', 'OPEN', 'SUCCESS'] as const;

export const dailyCountReached = (limit: number) =>
  new AppError('WITHDRAWAL_DAILY_COUNT_REACHED', `at most ${limit} withdrawals a day`, { limit: String(limit), left: '0' });

export const dailyAmountReached = (limit: string, left: string) =>
  new AppError('WITHDRAWAL_DAILY_AMOUNT_REACHED', `at most ${limit} THB a day; ${left} THB left`, { limit, left });

export const approvalByOther = (firstBy: string) =>
  new AppError('WITHDRAWAL_APPROVAL_BY_OTHER', `approved first by ${firstBy}: a second staff user approves it`, {
    firstApprovedBy: firstBy,
  });

export const approvalReferenceDiffers = () =>
  new AppError('WITHDRAWAL_APPROVAL_REFERENCE_DIFFERS', 'the second approval names another bank reference than the first', {
    bankReference: 'backoffice.validation.second_approval_reference',
  });

/**
 * Refuses a withdrawal of `amount` (THB minor) that would pass the agency's daily caps, counted over
 * the player's withdrawals of the Lao day `now` is in. Runs in the withdrawal's transaction under the
 * player's row lock, so two racing requests are counted one after the other.
 */
export async function checkDailyCaps(
  tx: Tx,
  settings: Pick<AgencySettings, 'withdrawDailyMaxCount' | 'withdrawDailyMaxThb'>,
  who: { agencyId: string; playerId: string },
  amount: bigint,
  now: Date,
): Promise<void> {
  const { withdrawDailyMaxCount: maxCount, withdrawDailyMaxThb: maxThb } = settings;
  if (maxCount == null && maxThb == null) return;
  const [today] = await tx
    .select({ count: sql<number>`count(*)::int`, total: sql<string>`coalesce(sum(${withdrawals.totalCredit}), 0)::text` })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.agencyId, who.agencyId),
        eq(withdrawals.playerId, who.playerId),
        gte(withdrawals.createdAt, vientianeDayStart(vientianeDay(now))),
        inArray(withdrawals.status, [...COUNTED]),
      ),
    );
  if (maxCount != null && today!.count >= maxCount) throw dailyCountReached(maxCount);
  if (maxThb != null) {
    const limit = toMinor(maxThb, 'THB');
    const used = BigInt(today!.total);
    if (used + amount > limit) {
      const left = limit > used ? limit - used : 0n;
      throw dailyAmountReached(fromMinor(limit, 'THB'), fromMinor(left, 'THB'));
    }
  }
}

/** The agency's settings read in the caller's transaction: an owner's change applies at once. */
export async function riskSettings(tx: Tx, agencyId: string): Promise<AgencySettings> {
  const [row] = await tx.select({ settings: agencies.settings }).from(agencies).where(eq(agencies.id, agencyId));
  return { ...DEFAULT_AGENCY_SETTINGS, ...row?.settings };
}

/** Whether a withdrawal of `amount` (THB minor) needs two approvals under the agency's settings now. */
export function needsTwoApprovals(settings: Pick<AgencySettings, 'withdrawTwoApprovalsOverThb'>, amount: bigint): boolean {
  const over = settings.withdrawTwoApprovalsOverThb;
  return over != null && amount > toMinor(over, 'THB');
}

/**
 * The first of two approvals (decision 163): who and when, and the bank reference of the payment the
 * second user releases; the withdrawal stays OPEN. Answers null when this approval is the second.
 */
export async function firstApproval(
  tx: Tx,
  w: WithdrawalRow,
  p: { staffId: string; staffUsername: string; bankReference: string },
): Promise<WithdrawalRow | null> {
  if (!w.twoApprovals) return null;
  if (w.firstApprovedBy === null) {
    const [after] = await tx
      .update(withdrawals)
      .set({
        firstApprovedBy: p.staffId,
        firstApprovedUsername: p.staffUsername,
        firstApprovedAt: sql`now()`,
        bankReference: p.bankReference,
        updatedAt: sql`now()`,
      })
      .where(eq(withdrawals.id, w.id))
      .returning();
    return after!;
  }
  if (w.firstApprovedBy === p.staffId) throw approvalByOther(w.firstApprovedUsername ?? '');
  if (w.bankReference !== p.bankReference) throw approvalReferenceDiffers();
  return null;
}
