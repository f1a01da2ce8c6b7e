import { describe, expect, it } from 'vitest';
import type { PromotionUsingResponse } from '@app/contracts';
import { lakPreview, promotionSplitPreview } from './preview';

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

describe('promotionSplitPreview', () => {
  const using = (rules: object, status: 'USED' | 'ACTIVE' = 'USED') =>
    ({
      usage: { status, providerId: 'gclub', depositCredit: '100.00', bonus: '100.00' },
      promotion: { rules: { requiresBankAccount: true, ...rules } },
    }) as unknown as PromotionUsingResponse;

  it('caps what is received at the percent of the deposit credit and returns the rest', () => {
    const split = promotionSplitPreview('900', 'gclub', using({ receivableCapPercent: '500' }), lak)!;
    expect(split).toMatchObject({ totalCredit: 90000n, promoCredit: 0n, creditReceived: 50000n, creditReturned: 40000n });
    expect(split.amountReceived).toBe(320000n);
  });

  it('deducts the bonus when the promotion says so', () => {
    const split = promotionSplitPreview('150', 'gclub', using({ deductBonusOnWithdraw: true }), lak)!;
    expect(split).toMatchObject({ totalCredit: 15000n, promoCredit: 10000n, creditReceived: 5000n, creditReturned: 0n });
  });

  it('is null at another provider, before the deposit (ACTIVE), without a promotion or a valid amount', () => {
    expect(promotionSplitPreview('100', 'alphabet', using({ deductBonusOnWithdraw: true }), lak)).toBeNull();
    expect(promotionSplitPreview('100', 'gclub', using({ deductBonusOnWithdraw: true }, 'ACTIVE'), lak)).toBeNull();
    expect(promotionSplitPreview('100', 'gclub', { usage: null, promotion: null }, lak)).toBeNull();
    expect(promotionSplitPreview('abc', 'gclub', using({}), lak)).toBeNull();
  });
});
