import type { TFunction } from 'i18next';

// The back office formats with Intl in the staff's language; the player site's lib/format speaks
// through the player's i18n instance, which the back office does not load.

const locale = (language: string) => (language === 'en' ? 'en-GB' : 'lo-LA');

/** An ISO date-time, short date and time in `language` (lo, en). */
export function formatWhen(iso: string, language: string): string {
  return new Intl.DateTimeFormat(locale(language), { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso));
}

/** A LAK amount (whole kip, may be negative), grouped, without the currency: the column says it. */
export function formatLak(value: string, language: string): string {
  return new Intl.NumberFormat(locale(language)).format(BigInt(value));
}

/** Whole kip, grouped, with the currency: "1234567" → "1,234,567 LAK". */
export function formatKip(value: string, language = 'lo'): string {
  return `${formatLak(value, language)} LAK`;
}

/** A THB amount with its 2 decimals, grouped. */
export function formatThb(value: string, language: string): string {
  return new Intl.NumberFormat(locale(language), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(value));
}

/** A business day `yyyy-mm-dd` as a short day and month ("24/11"), read in the staff's language. */
export function formatDay(day: string, language: string): string {
  return new Intl.DateTimeFormat(locale(language), { day: '2-digit', month: '2-digit', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** How long something has waited, in the largest whole unit that fits: "3 h", "2 d" (keys of `money:age`). */
export function formatAge(sinceIso: string, now: number, t: TFunction): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(sinceIso)) / 60_000));
  if (minutes < 60) return t('money:age.minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t('money:age.hours', { count: hours });
  return t('money:age.days', { count: Math.floor(hours / 24) });
}
