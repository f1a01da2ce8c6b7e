import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime as formatWhen } from '@/lib/format';
import { formatDay, formatTime } from './dates';

const RealDateTimeFormat = Intl.DateTimeFormat;

/**
 * Chromium's ICU has no Lao date data: a formatter asked for `lo`/`lo-LA` answers in en-US, month first
 * (11/24/26, 5:05:09 PM). Node's full ICU has it, so the runtime is made to behave as Chromium does.
 */
function withoutLaoDateData() {
  const fallback = (locales?: string | readonly string[]) => ([locales ?? []].flat().some((l) => /^lo\b/i.test(l)) ? 'en-US' : locales);
  // a plain function: called with or without `new`, it answers the formatter it builds
  Intl.DateTimeFormat = function DateTimeFormat(locales?: string | readonly string[], options?: Intl.DateTimeFormatOptions) {
    return new RealDateTimeFormat(fallback(locales), options);
  } as unknown as typeof Intl.DateTimeFormat;
}

afterEach(() => {
  Intl.DateTimeFormat = RealDateTimeFormat;
});

describe('back-office dates', () => {
  it('reads day/month/year on a 24-hour clock, even where the runtime has no Lao date data', () => {
    withoutLaoDateData();
    const at = '2026-03-04T17:05:09Z';
    const local = new Date(at);
    const two = (n: number) => String(n).padStart(2, '0');
    // the device's time zone, as the staff's screen shows it
    expect(formatWhen(at)).toBe(
      `${two(local.getDate())}/${two(local.getMonth() + 1)}/${local.getFullYear()} ${two(local.getHours())}:${two(local.getMinutes())}:${two(local.getSeconds())}`,
    );
    expect(formatWhen('2026-11-24T03:04:05.000Z')).toMatch(/^\d\d\/\d\d\/2026 \d\d:04:05$/);
    expect(formatTime(local)).toBe(`${two(local.getHours())}:${two(local.getMinutes())}`);
  });

  it('shows a business day as day/month', () => {
    withoutLaoDateData();
    expect(formatDay('2026-11-24')).toBe('24/11');
    expect(formatDay('2026-03-04')).toBe('04/03');
  });

  it('is day first where the old lo-LA formatter was month first', () => {
    withoutLaoDateData();
    // the defect this replaces: lo-LA through a runtime without Lao data
    const old = new Intl.DateTimeFormat('lo-LA', { dateStyle: 'short', timeZone: 'UTC' }).format(new Date('2026-11-24T12:00:00Z'));
    expect(old).toBe('11/24/26');
    expect(formatWhen('2026-11-24T12:00:00Z').slice(0, 10)).toMatch(/^2[45]\/11\/2026$/);
  });
});
