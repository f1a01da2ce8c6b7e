import { PROMOTION_RULE_NAMES, type PromotionRules } from '@app/contracts';
import { ruleLine, type RuleLine } from '@/lib/rule-line';

export type { RuleLine } from '@/lib/rule-line';

/**
 * A promotion's rules (DESIGN.md §8) as the lines a player reads, in the order they meet them
 * (the contracts' PROMOTION_RULES): who may take it, the deposit, the bonus, then what a withdrawal
 * needs and what it pays.
 */
export function ruleLines(rules: PromotionRules): RuleLine[] {
  return PROMOTION_RULE_NAMES.flatMap((name) => ruleLine(name, rules[name]) ?? []);
}

/** Every key ruleLines can produce (the translations test checks each language has them). */
export const RULE_LINE_KEYS = PROMOTION_RULE_NAMES.flatMap((name) => (name === 'bonus' ? ['bonus_FIXED', 'bonus_PERCENT'] : [name]));
