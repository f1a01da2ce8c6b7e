// Announcements' times are entered and shown on Vientiane's clock (UTC+7 all year), whatever the
// staff member's device is set to: the players they are written for live there (decision 174).
const OFFSET_MS = 7 * 3_600_000;

/** An instant as a datetime-local input's value on Vientiane's clock, `yyyy-mm-ddThh:mm`. */
export const toVientianeInput = (at: string | number): string => new Date(new Date(at).getTime() + OFFSET_MS).toISOString().slice(0, 16);

/** A datetime-local value read on Vientiane's clock, as an ISO instant; '' for none or an invalid value. */
export function fromVientianeInput(value: string): string {
  const at = Date.parse(`${value}:00+07:00`);
  return Number.isNaN(at) ? '' : new Date(at).toISOString();
}
