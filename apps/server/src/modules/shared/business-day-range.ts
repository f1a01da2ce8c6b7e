import { AppError } from '../../errors.js';
import { addDays, vientianeDayStart } from './business-day.js';

export interface BusinessDayRange {
  /** the first and last Vientiane business days, both included */
  from: string;
  to: string;
  /** the first instant of `from` and the first instant after `to` */
  start: Date;
  end: Date;
  days: number;
}

/**
 * A range of Vientiane business days typed by staff, checked: each a calendar day (a string of the
 * right shape may still be none: 2026-02-30, 0000-00-00, a 400, never a 500), `from` not after `to`,
 * 1 to `maxDays` days. A refusal names the field and the message key that says the rule.
 */
export function businessDayRange(from: string, to: string, maxDays: number, rangeKey: string): BusinessDayRange {
  const notADate = () => new AppError('VALIDATION_FAILED', 'not a date', { from: 'backoffice.validation.date' });
  let start: Date;
  let end: Date;
  try {
    start = vientianeDayStart(from);
    end = vientianeDayStart(addDays(to, 1));
    if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || addDays(from, 0) !== from || addDays(to, 0) !== to)
      throw notADate();
  } catch {
    throw notADate();
  }
  const days = Math.round((end.getTime() - start.getTime()) / 86_400_000);
  if (days < 1 || days > maxDays) throw new AppError('VALIDATION_FAILED', `from..to must be 1 to ${maxDays} days`, { to: rangeKey });
  return { from, to, start, end, days };
}
