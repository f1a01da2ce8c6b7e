import type { TFunction } from 'i18next';
import { dateParts, dayMonthYearTime } from '@/lib/date-parts';

// The back office formats with Intl in the staff's language; the player site's lib/format speaks
// through the player's i18n instance, which the back office does not load.

const locale = (language: string) => (language === 'en' ? 'en-GB' : 'lo-LA');

// Dates and times are not Intl's in the staff's locale: Chromium has no Lao date data and wrote Lao dates
// month first (11/24/26, en-US). Both languages read day/month/year on a 24-hour clock (lib/date-parts).

/** An ISO date-time as DD/MM/YYYY HH:mm:ss, in the device's time zone. */
export function formatWhen(iso: string): string {
  return dayMonthYearTime(new Date(iso));
}

/** An instant's time of day, HH:mm, in the device's time zone. */
export function formatTime(at: Date | number): string {
  const p = dateParts(new Date(at));
  return `${p.hour}:${p.minute}`;
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

/** A business day `yyyy-mm-dd` as its day and month ("24/11"). */
export function formatDay(day: string): string {
  const p = dateParts(new Date(`${day}T00:00:00Z`), 'UTC');
  return `${p.day}/${p.month}`;
}

/** How long something has waited, in the largest whole unit that fits: "3 h", "2 d" (keys of `money:age`). */
export function formatAge(sinceIso: string, now: number, t: TFunction): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(sinceIso)) / 60_000));
  if (minutes < 60) return t('money:age.minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t('money:age.hours', { count: hours });
  return t('money:age.days', { count: Math.floor(hours / 24) });
}
