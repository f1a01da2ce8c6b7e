import { describe, expect, it } from 'vitest';
import { readStored, shouldSend, storageKey, today, writeStored } from './decide';
import { sha256Hex } from './hash';

describe('fingerprint: send or not (SPEC.md §7)', () => {
  const day = '2026-11-22';

  it('sends when nothing is stored', () => {
    expect(shouldSend(null, 'abc', day)).toBe(true);
  });

  it('sends when the stored fingerprint differs', () => {
    expect(shouldSend({ fingerprint: 'old', date: day }, 'new', day)).toBe(true);
  });

  it('sends when the stored one is from another day', () => {
    expect(shouldSend({ fingerprint: 'abc', date: '2026-11-21' }, 'abc', day)).toBe(true);
  });

  it('does not send the same fingerprint twice on one day', () => {
    expect(shouldSend({ fingerprint: 'abc', date: day }, 'abc', day)).toBe(false);
  });

  it('keeps one record per agency id', () => {
    localStorage.clear();
    writeStored('agency-a', { fingerprint: 'x', date: day });
    expect(readStored('agency-a')).toEqual({ fingerprint: 'x', date: day });
    expect(readStored('agency-b')).toBeNull();
    expect(localStorage.getItem(storageKey('agency-a'))).not.toBeNull();
  });

  it('ignores a damaged stored value', () => {
    localStorage.setItem(storageKey('agency-c'), '{not json');
    expect(readStored('agency-c')).toBeNull();
    localStorage.setItem(storageKey('agency-c'), JSON.stringify({ fingerprint: 1 }));
    expect(readStored('agency-c')).toBeNull();
  });

  it('writes the date as YYYY-MM-DD of the local day', () => {
    expect(today(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it('hashes with SHA-256', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
