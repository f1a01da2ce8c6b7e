import { describe, expect, it } from 'vitest';
import { promotionRulesSchema, PROMOTION_RULE_NAMES } from '@app/contracts';
import { RULE_LINE_KEYS, ruleLines } from './rule-lines';
import { formatMoney } from '@/lib/format';
import { progressPercent, usageStatusTone } from './status';

describe('ruleLines', () => {
  it('says every rule of a promotion that carries them all, in the order a player meets them', () => {
    const rules = promotionRulesSchema.parse({
      firstOrderOnly: true,
      depositAmount: '50000',
      bonus: { kind: 'PERCENT', percent: '100', maxAmount: '300' },
      maxCreditBeforeDeposit: '5',
      targetCredit: '1000',
      turnoverMultiple: 3,
      withdrawAll: true,
      receivableCapPercent: '500',
      deductBonusOnWithdraw: true,
    });
    const lines = ruleLines(rules);
    expect(lines.map((l) => l.key)).toEqual(RULE_LINE_KEYS.filter((k) => k !== 'bonus_FIXED'));
    expect(lines.find((l) => l.key === 'bonus_PERCENT')!.values).toEqual({ percent: '100', max: formatMoney('300', 'THB') });
    expect(lines.find((l) => l.key === 'depositAmount')!.values.amount).toBe(formatMoney('50000', 'LAK'));
    expect(lines.find((l) => l.key === 'turnoverMultiple')!.values.multiple).toBe('3');
  });

  it('names a FIXED bonus and leaves out what a promotion does not carry', () => {
    const rules = promotionRulesSchema.parse({ requiresBankAccount: false, bonus: { kind: 'FIXED', amount: '20' } });
    expect(ruleLines(rules)).toEqual([{ key: 'bonus_FIXED', values: { amount: formatMoney('20', 'THB') } }]);
  });

  it('covers every rule name of DESIGN.md §8', () => {
    for (const name of PROMOTION_RULE_NAMES)
      expect(
        RULE_LINE_KEYS.some((k) => k.startsWith(name)),
        name,
      ).toBe(true);
  });
});

describe('usage status colours and progress', () => {
  it('reads the order colours of SPEC.md §4: in use yellow, SUCCESS green, CANCELED red, the rest grey', () => {
    expect(usageStatusTone('USED')).toBe('yellow');
    expect(usageStatusTone('SUCCESS')).toBe('green');
    expect(usageStatusTone('CANCELED')).toBe('red');
    expect(usageStatusTone('ACTIVE')).toBe('grey');
    expect(usageStatusTone('INACTIVE')).toBe('grey');
  });

  it('gives a whole percent, capped at 100', () => {
    expect(progressPercent(0n, 900n)).toBe(0);
    expect(progressPercent(450n, 900n)).toBe(50);
    expect(progressPercent(2000n, 900n)).toBe(100);
    expect(progressPercent(5n, 0n)).toBe(100);
  });
});
