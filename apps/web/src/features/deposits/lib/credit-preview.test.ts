import { describe, expect, it } from 'vitest';
import type { CurrencyRow } from '@app/contracts';
import { creditPreview, normaliseAmount } from './credit-preview';

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
  it('reads grouped digits', () => {
    expect(normaliseAmount('100,000')).toBe('100000');
    expect(normaliseAmount(' 1 000 000 ')).toBe('1000000');
  });
});
