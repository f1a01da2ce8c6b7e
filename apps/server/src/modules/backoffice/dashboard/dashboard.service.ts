import type { DashboardDay, DashboardQueue } from '@app/contracts';
import { addDays, vientianeDay } from '../../shared/business-day.js';
import { dailyFigures } from './dashboard.figures.js';
import type { AttentionCounts, DashboardService, DashboardServiceDependencies } from './dashboard.types.js';

/** The dashboard shows today and the 14 days before it. */
export const DASHBOARD_DAYS = 15;
/**
 * How long the 14 closed days are kept before they are read again. They hardly change (a payment the
 * bank dates before midnight and reports after it, a bonus voided later), and they are most of the
 * work of a dashboard read, today's figures a small part of it (decision 052).
 */
export const CLOSED_DAYS_TTL_MS = 5 * 60_000;

/** The lists of deposits needing attention as one queue: all their items, the oldest of any. */
function oneQueue(counts: AttentionCounts): DashboardQueue {
  const lists = Object.values(counts);
  const oldest = lists
    .map((l) => l.oldest)
    .filter((o): o is string => o !== null)
    .sort((a, b) => Date.parse(a) - Date.parse(b))[0];
  return { count: lists.reduce((n, l) => n + l.count, 0), oldestAt: oldest ? new Date(oldest).toISOString() : null };
}

export function createDashboardService({
  db,
  withdrawals,
  attention,
  closedDaysTtlMs = CLOSED_DAYS_TTL_MS,
}: DashboardServiceDependencies): DashboardService {
  // per agency: the closed days up to yesterday, read at `at` (per process; each instance reads its own)
  const closed = new Map<string, { yesterday: string; at: number; days: Promise<DashboardDay[]> }>();

  function closedDays(agencyId: string, today: string, now: number): Promise<DashboardDay[]> {
    const yesterday = addDays(today, -1);
    const kept = closed.get(agencyId);
    if (kept && kept.yesterday === yesterday && now - kept.at < closedDaysTtlMs) return kept.days;
    const days = dailyFigures(db, agencyId, addDays(today, -(DASHBOARD_DAYS - 1)), yesterday);
    closed.set(agencyId, { yesterday, at: now, days });
    // a failed read is not kept: the next call reads again
    days.catch(() => closed.delete(agencyId));
    return days;
  }

  return {
    async figures(agencyId, now = new Date()) {
      const today = vientianeDay(now);
      const [past, current, withdrawalsOpen, attentionCounts] = await Promise.all([
        closedDays(agencyId, today, now.getTime()),
        dailyFigures(db, agencyId, today, today),
        withdrawals.openSummary(agencyId),
        attention.summary(agencyId),
      ]);
      return {
        today,
        days: [...past, ...current],
        // the dashboard's queue is a count and an age; the newest is the queue screen's (its chime)
        queues: {
          withdrawalsOpen: { count: withdrawalsOpen.count, oldestAt: withdrawalsOpen.oldestAt },
          depositsAttention: oneQueue(attentionCounts),
        },
        generatedAt: now.toISOString(),
      };
    },
  };
}
