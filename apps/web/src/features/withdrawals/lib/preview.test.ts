import { describe, expect, it } from 'vitest';
import { lakPreview, normaliseCredit } from './preview';

const lak = {
  isEnabled: true,
  code: 'LAK' as const,
  mid: 'M',
  displayName: 'LAK',
  currency: 'LAK' as const,
  buyRate: '640',
  sellRate: '690',
};

describe('lakPreview', () => {
  it('multiplies by the buy rate and rounds down to the kip', () => {
    expect(lakPreview('200.50', lak)).toBe('128320');
    expect(lakPreview('0.01', { ...lak, buyRate: '640.5' })).toBe('6');
  });
  it('is null for anything that is not a credit amount', () => {
    for (const v of ['', 'abc', '-1', '0', '1.234']) expect(lakPreview(v, lak)).toBeNull();
    expect(lakPreview('100', undefined)).toBeNull();
  });
  it('reads group separators', () => {
    expect(normaliseCredit('1,250.50 ')).toBe('1250.50');
  });
});
