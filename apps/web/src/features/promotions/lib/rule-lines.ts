import type { PromotionRules } from '@app/contracts';
import { formatMoney } from '@/lib/format';

/** One rule in plain words: a key under `promotion:rules.*` and its values, already formatted. */
export interface RuleLine {
  key: string;
  values: Record<string, string>;
}

/**
 * A promotion's rules (DESIGN.md §8) as the lines a player reads, in the order they meet them: who
 * may take it, the deposit, the bonus, then what a withdrawal needs and what it pays.
 */
export function ruleLines(rules: PromotionRules): RuleLine[] {
  const lines: RuleLine[] = [];
  const add = (key: string, values: Record<string, string> = {}) => lines.push({ key, values });
  if (rules.firstOrderOnly) add('firstOrderOnly');
  if (rules.requiresBankAccount) add('requiresBankAccount');
  if (rules.maxCreditBeforeDeposit !== undefined)
    add('maxCreditBeforeDeposit', { amount: formatMoney(rules.maxCreditBeforeDeposit, 'THB') });
  if (rules.depositAmount !== undefined) add('depositAmount', { amount: formatMoney(rules.depositAmount, 'LAK') });
  if (rules.bonus?.kind === 'FIXED') add('bonus_FIXED', { amount: formatMoney(rules.bonus.amount, 'THB') });
  if (rules.bonus?.kind === 'PERCENT')
    add('bonus_PERCENT', { percent: rules.bonus.percent, max: formatMoney(rules.bonus.maxAmount, 'THB') });
  if (rules.targetCredit !== undefined) add('targetCredit', { amount: formatMoney(rules.targetCredit, 'THB') });
  if (rules.turnoverMultiple !== undefined) add('turnoverMultiple', { multiple: String(rules.turnoverMultiple) });
  if (rules.withdrawAll) add('withdrawAll');
  if (rules.receivableCapPercent !== undefined) add('receivableCapPercent', { percent: rules.receivableCapPercent });
  if (rules.deductBonusOnWithdraw) add('deductBonusOnWithdraw');
  return lines;
}

/** Every key ruleLines can produce (the translations test checks each language has them). */
export const RULE_LINE_KEYS = [
  'firstOrderOnly',
  'requiresBankAccount',
  'maxCreditBeforeDeposit',
  'depositAmount',
  'bonus_FIXED',
  'bonus_PERCENT',
  'targetCredit',
  'turnoverMultiple',
  'withdrawAll',
  'receivableCapPercent',
  'deductBonusOnWithdraw',
] as const;
