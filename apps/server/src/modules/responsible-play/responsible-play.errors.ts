import type { DepositLimitPeriod } from '@app/contracts';
import { AppError } from '../../errors.js';

/** `fields.allowed`: the kip still allowed in the period that binds (`fields.period`) */
export const depositLimitReached = (allowed: string, period: DepositLimitPeriod) =>
  new AppError('DEPOSIT_LIMIT_REACHED', `the deposit limit (${period}) allows ${allowed} LAK more`, { allowed, period });

/** `fields.until`: when the cooling-off or exclusion ends; absent when it is for good */
export const selfExcluded = (until: Date | null) =>
  new AppError(
    'SELF_EXCLUDED',
    until ? `play is paused until ${until.toISOString()}` : 'play is excluded for good',
    until ? { until: until.toISOString() } : undefined,
  );
