import { describe, expect, it } from 'vitest';
import { fromVientianeInput, toVientianeInput } from './vientiane-time';

describe("announcements' Vientiane clock", () => {
  it('reads and writes a datetime-local value as Vientiane time, across the UTC date line', () => {
    expect(fromVientianeInput('2026-11-30T06:30')).toBe('2026-11-29T23:30:00.000Z');
    expect(toVientianeInput('2026-11-29T23:30:00.000Z')).toBe('2026-11-30T06:30');
    expect(fromVientianeInput('')).toBe('');
    expect(fromVientianeInput('not a time')).toBe('');
  });
});
