import { formatMoney } from '@/lib/format';

/**
 * The agency's daily withdrawal caps (decision 161): the server refuses with the limit and what is
 * left of the Lao day, and the player's message names both.
 */
export const DAILY_CAP_KEYS = ['errors:WITHDRAWAL_DAILY_COUNT_REACHED', 'errors:WITHDRAWAL_DAILY_AMOUNT_REACHED'] as const;

export const isDailyCapKey = (key: string) => (DAILY_CAP_KEYS as readonly string[]).includes(key);

/** The interpolation of a cap's message: a count as it is, amounts in THB. */
export function dailyCapParams(key: string, fields: Record<string, string>): Record<string, string> {
  if (key === DAILY_CAP_KEYS[0]) return { limit: fields.limit ?? '' };
  return { limit: formatMoney(fields.limit, 'THB'), left: formatMoney(fields.left ?? '0', 'THB') };
}
