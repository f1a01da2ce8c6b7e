// The back office formats with Intl in the staff's language; the player site's lib/format speaks
// through the player's i18n instance, which the back office does not load.

/** An ISO date-time, short date and time in `language` (lo, en). */
export function formatWhen(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'lo-LA', { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso));
}

/** Whole kip, grouped: "1234567" → "1,234,567 LAK". */
export function formatKip(value: string): string {
  return `${new Intl.NumberFormat('lo-LA').format(BigInt(value))} LAK`;
}
