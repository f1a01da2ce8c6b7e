// Laos keeps UTC+7 all year: a player's "today" and a transaction code's day are the Vientiane date, not the server's
const VIENTIANE_OFFSET_MS = 7 * 3_600_000;
const DAY_MS = 86_400_000;

/** The Vientiane date of an instant, `yyyy-mm-dd`. */
export function vientianeDay(now: Date | number = Date.now()): string {
  return new Date(new Date(now).getTime() + VIENTIANE_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a Vientiane business day (`yyyy-mm-dd`) begins: 17:00 UTC the day before. */
export function vientianeDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - VIENTIANE_OFFSET_MS);
}

/** The business day `n` days after `day` (before, when negative). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** An instant as Vientiane's wall clock, `yyyy-mm-dd hh:mm:ss` (exports say the zone in their header). */
export function vientianeDateTime(at: Date): string {
  return new Date(at.getTime() + VIENTIANE_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}
