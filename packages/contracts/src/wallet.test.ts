import { describe, expect, it } from 'vitest';
import { isProviderId } from './providers.js';
import { listableCurrencies } from './wallet.js';

describe('listableCurrencies', () => {
  const row = (code: string, mid: string | null, currency: string, isEnabled = true) => ({ code, mid, currency, isEnabled });
  it('keeps enabled rows only', () => {
    expect(listableCurrencies([row('LAK', 'M1', 'LAK', false), row('THB', null, 'THB')]).map((r) => r.code)).toEqual(['THB']);
  });
  it('keeps one row per distinct mid, the first', () => {
    const rows = [row('LAK', 'M1', 'LAK'), row('USD', 'M1', 'USD'), row('THB', 'M2', 'LAK')];
    expect(listableCurrencies(rows).map((r) => r.code)).toEqual(['LAK', 'THB']);
  });
  it('keeps one row per currency among rows without a mid', () => {
    const rows = [row('A', null, 'USD'), row('B', null, 'USD'), row('C', 'M1', 'USD')];
    expect(listableCurrencies(rows).map((r) => r.code)).toEqual(['A', 'C']);
  });
});

describe('isProviderId', () => {
  it('knows the five providers and nothing else', () => {
    expect(['alphabet', 'askmebet', 'gclub', 'gclub_live', 'betflix'].every(isProviderId)).toBe(true);
    expect(isProviderId('GCLUB')).toBe(false);
    expect(isProviderId('pgsoft')).toBe(false);
  });
});
