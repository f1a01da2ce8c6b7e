import { describe, expect, it } from 'vitest';
import type { CurrencyRow } from '@app/contracts';
import { creditPreview } from './credit-preview';

const lak: CurrencyRow = {
  isEnabled: true,
  code: 'LAK',
  mid: 'DEMO-LAK-001',
  displayName: 'LAK',
  currency: 'LAK',
  buyRate: '640',
  sellRate: '690',
};

describe('creditPreview', () => {
  it('prices kip at the sell rate, rounded down to the satang', () => {
    expect(creditPreview('100000', lak)).toBe('144.92');
    expect(creditPreview('690', lak)).toBe('1.00');
  });
  it('answers null without a rate or a valid positive amount', () => {
    expect(creditPreview('100000', undefined)).toBeNull();
    expect(creditPreview('', lak)).toBeNull();
    expect(creditPreview('0', lak)).toBeNull();
    expect(creditPreview('12.5', lak)).toBeNull();
    expect(creditPreview('abc', lak)).toBeNull();
  });
  it('reads the amount as the player sees it: grouped digits, never a decimal point dropped', () => {
    expect(creditPreview('100,000', lak)).toBe('144.92');
    expect(creditPreview('100.000', lak)).toBe('144.92');
    expect(creditPreview(' 1 000 000 ', lak)).toBe('1449.27');
    // 50000.00 is 50,000 kip, not 5,000,000
    expect(creditPreview('50000.00', lak)).toBe('72.46');
    expect(creditPreview('25000.5', lak)).toBeNull();
  });
});
