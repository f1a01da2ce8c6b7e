import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collectFingerprint, timeZone } from './collect';

// jsdom draws nothing: a canvas answers null, so the probes' cost is counted by their calls
const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);

beforeEach(() => {
  localStorage.clear();
  getContext.mockClear();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 25, 9, 0));
});
afterEach(() => vi.useRealTimers());

describe('collectFingerprint', () => {
  it('probes the device once a day: a second page of the day reuses what the first measured', async () => {
    const first = await collectFingerprint();
    const probes = getContext.mock.calls.length;
    expect(probes).toBeGreaterThan(0);
    const second = await collectFingerprint();
    expect(getContext.mock.calls.length).toBe(probes);
    expect(second).toEqual(first);
    expect(first.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(first.timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('probes again on a new day, and when what was kept is not the right shape', async () => {
    await collectFingerprint();
    const probes = getContext.mock.calls.length;
    vi.setSystemTime(new Date(2026, 10, 26, 9, 0));
    await collectFingerprint();
    expect(getContext.mock.calls.length).toBe(2 * probes);

    const kept = JSON.parse(localStorage.getItem('fingerprint:device')!) as Record<string, unknown>;
    localStorage.setItem('fingerprint:device', JSON.stringify({ ...kept, webGL: { version: 1 } }));
    await collectFingerprint();
    expect(getContext.mock.calls.length).toBe(3 * probes);
    localStorage.setItem('fingerprint:device', '{not json');
    await collectFingerprint();
    expect(getContext.mock.calls.length).toBe(4 * probes);
  });

  it('reads the cheap signals on every page: a new screen size changes the fingerprint the same day', async () => {
    const first = await collectFingerprint();
    const width = vi.spyOn(screen, 'width', 'get').mockReturnValue(screen.width + 100);
    try {
      const second = await collectFingerprint();
      expect(second.screen).not.toBe(first.screen);
      expect(second.fingerprint).not.toBe(first.fingerprint);
    } finally {
      width.mockRestore();
    }
  });
});

describe('timeZone', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("reads Temporal's zone where the browser has it, without the costly first DateTimeFormat", () => {
    const dateTimeFormat = vi.spyOn(Intl, 'DateTimeFormat');
    vi.stubGlobal('Temporal', { Now: { timeZoneId: () => 'Asia/Vientiane' } });
    try {
      expect(timeZone()).toBe('Asia/Vientiane');
      expect(dateTimeFormat).not.toHaveBeenCalled();
    } finally {
      dateTimeFormat.mockRestore();
    }
  });

  it("falls back to DateTimeFormat's resolved zone elsewhere", () => {
    vi.stubGlobal('Temporal', undefined);
    expect(timeZone()).toBe(new Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(timeZone()).not.toBe('');
  });
});
