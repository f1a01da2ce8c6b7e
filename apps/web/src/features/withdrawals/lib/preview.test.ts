import { describe, expect, it } from 'vitest';
import { lakPreview } from './preview';

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
    for (const v of ['', 'abc', '-1', '0', '1.2345', '1.001,5,5']) expect(lakPreview(v, lak)).toBeNull();
    expect(lakPreview('100', undefined)).toBeNull();
  });
  it('reads the amount as the player sees it, plain or in the Lao form', () => {
    expect(lakPreview('1,250.50 ', lak)).toBe('800320');
    expect(lakPreview('1.250,50', lak)).toBe('800320');
    expect(lakPreview('144,92', lak)).toBe('92748');
  });
});
