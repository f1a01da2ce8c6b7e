// Laos keeps UTC+7 all year: a player's "today" and a transaction code's day are the Vientiane date, not the server's
const VIENTIANE_OFFSET_MS = 7 * 3_600_000;

/** The Vientiane date of an instant, `yyyy-mm-dd`. */
export function vientianeDay(now: Date | number = Date.now()): string {
  return new Date(new Date(now).getTime() + VIENTIANE_OFFSET_MS).toISOString().slice(0, 10);
}
