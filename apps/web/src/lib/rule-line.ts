import { PROMOTION_RULES, type PromotionRuleName } from '@app/contracts/promotion-rules';
import { formatMoney } from './format';

/** One rule in plain words: a key under `promotion:rules.*` and its values, already formatted. */
export interface RuleLine {
  key: string;
  values: Record<string, string>;
}

/**
 * The line a player reads for one rule (DESIGN.md §8), worded by its kind (contracts'
 * promotion-rules.ts), or null when the rule says nothing: a flag that is off, a value absent.
 * Shared by the promotion's rule list and the refusal of a rule without a code of its own.
 */
export function ruleLine(name: PromotionRuleName, value: unknown): RuleLine | null {
  if (value === undefined || value === null || value === false) return null;
  const { kind } = PROMOTION_RULES[name];
  switch (kind) {
    case 'flag':
      return { key: name, values: {} };
    case 'LAK':
    case 'THB':
      return { key: name, values: { amount: formatMoney(String(value), kind) } };
    case 'multiple':
      return { key: name, values: { multiple: String(value) } };
    case 'percent':
      return { key: name, values: { percent: String(value) } };
    case 'bonus': {
      if (typeof value !== 'object') return null;
      const bonus = value as { kind: 'FIXED'; amount: string } | { kind: 'PERCENT'; percent: string; maxAmount: string };
      return bonus.kind === 'FIXED'
        ? { key: 'bonus_FIXED', values: { amount: formatMoney(bonus.amount, 'THB') } }
        : { key: 'bonus_PERCENT', values: { percent: bonus.percent, max: formatMoney(bonus.maxAmount, 'THB') } };
    }
  }
}
