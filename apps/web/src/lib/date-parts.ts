/**
 * Dates day/month/year and times on a 24-hour clock, built from their parts. Formatting with a Lao
 * locale (`lo-LA`) is no answer: Chromium's ICU has no Lao date data and falls back to en-US, month
 * first (11/24/26). The parts come from en-GB, which every ICU has; the order and separators are ours.
 * Western digits: the Lao staff and players read those.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone of a date given none: the device's in the browser; the one the server's render sets (decision 204). */
let defaultZone: string | undefined;

/** The players' zone for the pages the server draws (src/prerender.tsx): their phones' zone, not the server's. */
export function setDefaultTimeZone(zone: string | undefined): void {
  defaultZone = zone;
}

function formatter(given: string | undefined): Intl.DateTimeFormat {
  const timeZone = given ?? defaultZone;
  const key = timeZone ?? '';
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(key, f);
  }
  return f;
}

export interface DateParts {
  day: string;
  month: string;
  year: string;
  hour: string;
  minute: string;
  second: string;
}

/** The instant's day, month, year, hour, minute and second, two digits each (four for the year), in `timeZone` (the device's by default). */
export function dateParts(date: Date, timeZone?: string): DateParts {
  const parts = formatter(timeZone).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: get('day'), month: get('month'), year: get('year'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** DD/MM/YYYY HH:mm:ss */
export function dayMonthYearTime(date: Date, timeZone?: string): string {
  const p = dateParts(date, timeZone);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}`;
}
