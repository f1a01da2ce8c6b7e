import { ERROR_STATUS, type ErrorCode, type PromotionRuleName } from '@app/contracts';

/** A domain error: a stable code from the contracts, mapped to HTTP by ERROR_STATUS. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;
  readonly statusCode: number;
  constructor(code: ErrorCode, message?: string, fields?: Record<string, string>) {
    super(message ?? code);
    this.code = code;
    this.fields = fields;
    this.statusCode = ERROR_STATUS[code];
  }
}

export const notFound = (what = 'not found') => new AppError('NOT_FOUND', what);

/**
 * A promotion rule not met, for every rule without a code of its own (`fields.rule` names it in
 * promotion-rules.ts, `fields.value` is its value as saved): one code and one text for all of them.
 */
export const promotionRuleNotMet = (rule: PromotionRuleName, value: string) =>
  new AppError('PROMOTION_RULE_NOT_MET', `the promotion's rule ${rule} (${value}) is not met`, { rule, value });
