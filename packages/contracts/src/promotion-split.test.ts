import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convert } from './convert.js';
import { LANGUAGES } from './languages.js';
import { PROMOTION_MESSAGE_KEYS, PROMOTION_MESSAGES } from './promotion-messages.js';
import { bonusFor, percentToBasisPoints, turnoverRequired, withdrawalRefusal, withdrawalSplit } from './promotion-split.js';
import { promotionRulesSchema, type PromotionRules } from './promotions.js';

const rate = { currency: 'LAK' as const, buyRate: '645.5', sellRate: '680' };
const minor = fc.bigInt({ min: 0n, max: 10n ** 12n });
const percent = fc
  .tuple(fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 0, max: 99 }))
  .map(([w, f]) => `${w}.${String(f).padStart(2, '0')}`);
const rules = fc.record(
  { deductBonusOnWithdraw: fc.boolean(), receivableCapPercent: fc.option(percent, { nil: undefined }) },
  { requiredKeys: ['deductBonusOnWithdraw'] },
);

describe('withdrawalSplit', () => {
  it('splits the total exactly into received, returned and promo credit, none negative, received within the cap', () => {
    fc.assert(
      fc.property(minor, minor, minor, rules, (total, depositCredit, bonus, r) => {
        const parsed = promotionRulesSchema.parse(r);
        const s = withdrawalSplit(total, { rules: parsed, money: { depositCredit, bonus } }, rate);
        expect(s.totalCredit).toBe(total);
        expect(s.creditReceived + s.creditReturned + s.promoCredit).toBe(total);
        for (const v of [s.creditReceived, s.creditReturned, s.promoCredit]) expect(v >= 0n).toBe(true);
        if (r.receivableCapPercent !== undefined) {
          expect(s.creditReceived <= (depositCredit * percentToBasisPoints(r.receivableCapPercent)) / 10_000n).toBe(true);
        }
        if (!r.deductBonusOnWithdraw) expect(s.promoCredit).toBe(0n);
        else expect(s.promoCredit).toBe(bonus < total ? bonus : total);
        expect(s.amountReceived).toBe(convert('WITHDRAW', s.creditReceived, rate));
      }),
    );
  });

  it('pays the whole total without a promotion', () => {
    fc.assert(
      fc.property(minor, (total) => {
        const s = withdrawalSplit(total, null, rate);
        expect([s.creditReceived, s.creditReturned, s.promoCredit]).toEqual([total, 0n, 0n]);
      }),
    );
  });

  it('works the issue example: 300 THB deposit, 300 bonus deducted, cap 500 %: 2,000 withdrawn → 1,500 received, 200 returned', () => {
    const r = promotionRulesSchema.parse({ receivableCapPercent: '500', deductBonusOnWithdraw: true });
    const s = withdrawalSplit(2_000_00n, { rules: r, money: { depositCredit: 300_00n, bonus: 300_00n } }, rate);
    expect(s).toMatchObject({ promoCredit: 300_00n, creditReceived: 1_500_00n, creditReturned: 200_00n });
    expect(s.amountReceived).toBe(968_250n);
  });
});

describe('bonusFor and turnoverRequired', () => {
  it('gives a fixed bonus as it is and a percent bonus rounded down, never above its maximum', () => {
    expect(bonusFor({ kind: 'FIXED', amount: '20' }, 1n)).toBe(20_00n);
    expect(bonusFor({ kind: 'PERCENT', percent: '100', maxAmount: '300' }, 250_00n)).toBe(250_00n);
    expect(bonusFor({ kind: 'PERCENT', percent: '100', maxAmount: '300' }, 450_00n)).toBe(300_00n);
    expect(bonusFor({ kind: 'PERCENT', percent: '10', maxAmount: '100' }, 12_345n)).toBe(1_234n);
    expect(bonusFor(undefined, 100n)).toBe(0n);
    fc.assert(
      fc.property(minor, percent, minor, (credit, p, max) => {
        const b = bonusFor({ kind: 'PERCENT', percent: p, maxAmount: '1' }, credit);
        expect(b >= 0n && b <= 100n).toBe(true);
        expect(
          bonusFor({ kind: 'PERCENT', percent: p, maxAmount: String(max + 1n) }, credit) * 10_000n <= credit * percentToBasisPoints(p),
        ).toBe(true);
      }),
    );
  });

  it('asks multiple × (deposit + bonus) in bets, rounded up, and nothing without the rule', () => {
    expect(turnoverRequired({ turnoverMultiple: 3 }, 300_00n, 300_00n)).toBe(1_800_00n);
    expect(turnoverRequired({ turnoverMultiple: 1.5 }, 1n, 0n)).toBe(2n);
    expect(turnoverRequired({}, 300_00n, 300_00n)).toBeNull();
  });
});

describe('withdrawalRefusal', () => {
  const base: PromotionRules = { requiresBankAccount: true };
  it('checks the target credit, then the turnover, then withdraw all', () => {
    const r = { ...base, targetCredit: '500', withdrawAll: true };
    expect(withdrawalRefusal(r, { amount: 100n, credit: 499_99n, turnover: null, turnoverRequired: null })).toBe(
      'WITHDRAW_BELOW_PROMOTION_TARGET',
    );
    expect(withdrawalRefusal(r, { amount: 100n, credit: 500_00n, turnover: 5n, turnoverRequired: 6n })).toBe('WITHDRAW_TURNOVER_NOT_MET');
    expect(withdrawalRefusal(r, { amount: 100n, credit: 500_00n, turnover: 6n, turnoverRequired: 6n })).toBe('WITHDRAW_MUST_WITHDRAW_ALL');
    expect(withdrawalRefusal(r, { amount: 500_00n, credit: 500_00n, turnover: 6n, turnoverRequired: 6n })).toBeNull();
    expect(withdrawalRefusal(base, { amount: 1n, credit: 9n, turnover: null, turnoverRequired: null })).toBeNull();
  });
});

describe('promotion messages', () => {
  it('exist in every language, none empty, the provider named where the message needs it', () => {
    for (const lng of LANGUAGES) {
      for (const key of PROMOTION_MESSAGE_KEYS) expect(PROMOTION_MESSAGES[lng][key].length).toBeGreaterThan(0);
      expect(PROMOTION_MESSAGES[lng].usedByProvider).toContain('{{provider}}');
    }
  });
});
