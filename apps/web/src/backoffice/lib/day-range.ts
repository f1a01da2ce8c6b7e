/**
 * Ranges of Vientiane business days typed by staff (exports, decision 063; reports, decision 182):
 * `from`..`to`, both included, 1 to a screen's most days, as the server counts them.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Today in Vientiane, `yyyy-mm-dd` (the business day the server counts in). */
export function vientianeToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Vientiane', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The days from `from` to `to`, both included; null when either is no calendar day. */
export function daysBetween(from: string, to: string): number | null {
  if (!DAY.test(from) || !DAY.test(to)) return null;
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(a) || Number.isNaN(b)) return null;
  // Date.parse rolls 2026-02-30 over to March: such a day is not one
  if (new Date(a).toISOString().slice(0, 10) !== from || new Date(b).toISOString().slice(0, 10) !== to) return null;
  return Math.round((b - a) / 86_400_000) + 1;
}

/**
 * What is wrong with a range of at most `maxDays`, as the server's message keys (`fields` namespace:
 * `rangeKey` for a range too long or reversed), or null when the server will take it.
 */
export function rangeProblem(from: string, to: string, maxDays: number, rangeKey: string): { field: 'from' | 'to'; key: string } | null {
  if (daysBetween(from, from) === null) return { field: 'from', key: 'backoffice.validation.date' };
  const days = daysBetween(from, to);
  if (days === null) return { field: 'to', key: 'backoffice.validation.date' };
  if (days < 1 || days > maxDays) return { field: 'to', key: rangeKey };
  return null;
}
