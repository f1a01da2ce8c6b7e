import type { TFunction } from 'i18next';
import { dateParts } from '@/lib/date-parts';

// The back office's own readings of time, on the player site's date parts (lib/date-parts): both
// languages read day/month/year on a 24-hour clock. A full date and time is lib/format's formatDateTime.

/** An instant's time of day, HH:mm, in the device's time zone. */
export function formatTime(at: Date | number): string {
  const p = dateParts(new Date(at));
  return `${p.hour}:${p.minute}`;
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
