import { describe, expect, it } from 'vitest';
import { PROMOTION_RULE_NAMES, promotionRulesSchema } from './promotions.js';

describe('promotion rules', () => {
  it('are named as in DESIGN.md §8, one schema field per rule', () => {
    expect(Object.keys(promotionRulesSchema.shape).sort()).toEqual([...PROMOTION_RULE_NAMES].sort());
  });

  it('check each rule by its kind in PROMOTION_RULES', () => {
    expect(promotionRulesSchema.safeParse({ depositAmount: '50000.5' }).success).toBe(false);
    expect(promotionRulesSchema.safeParse({ maxCreditBeforeDeposit: '5.25' }).success).toBe(true);
    expect(promotionRulesSchema.safeParse({ turnoverMultiple: 1001 }).success).toBe(false);
    expect(promotionRulesSchema.safeParse({ receivableCapPercent: '12.345' }).success).toBe(false);
    expect(promotionRulesSchema.safeParse({ withdrawAll: 'yes' }).success).toBe(false);
  });

  it('need a bank account unless told otherwise, and apply no other rule by default', () => {
    expect(promotionRulesSchema.parse({})).toEqual({ requiresBankAccount: true });
  });

  it('take a fixed or a capped percent bonus, and refuse one of neither kind', () => {
    const fixed = { bonus: { kind: 'FIXED', amount: '100.00' } };
    const percent = { bonus: { kind: 'PERCENT', percent: '20', maxAmount: '500' }, receivableCapPercent: '300' };
    expect(promotionRulesSchema.safeParse(fixed).success).toBe(true);
    expect(promotionRulesSchema.safeParse(percent).success).toBe(true);
    expect(promotionRulesSchema.safeParse({ bonus: { kind: 'FREE', amount: '1' } }).success).toBe(false);
    expect(promotionRulesSchema.safeParse({ bonus: { kind: 'FIXED', amount: '0' } }).success).toBe(false);
  });
});
