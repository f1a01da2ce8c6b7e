import type { DashboardResponse } from '@app/contracts';
import type { ServiceDependencies } from '../../service-dependencies.js';
import type { WithdrawalsService } from '../../withdrawals/index.js';

/** Each list of deposits needing attention, as counted by the module that lists them (decision 059). */
export type AttentionCounts = Record<string, { count: number; oldest: string | null }>;

export interface DashboardServiceDependencies extends Pick<ServiceDependencies, 'db'> {
  /** the open withdrawals: how many, since when (the queue's own count) */
  withdrawals: Pick<WithdrawalsService, 'openSummary'>;
  /** the deposits needing attention, per list: summed into one queue here */
  attention: { summary(agencyId: string): Promise<AttentionCounts> };
  /** how long the closed days are kept (DASHBOARD_CLOSED_DAYS_SECONDS); CLOSED_DAYS_TTL_MS when not given */
  closedDaysTtlMs?: number;
}

/** The back office's dashboard (DESIGN.md §9): the agency's figures per business day and its open queues. */
export interface DashboardService {
  /** today and the 14 days before it (Vientiane business days), oldest first, and the open queues */
  figures(agencyId: string, now?: Date): Promise<DashboardResponse>;
}
