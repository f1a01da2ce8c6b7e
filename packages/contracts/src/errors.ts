import { z } from 'zod';

/**
 * Every error code the API can answer. The web shows `t('errors.' + code)`.
 * SPEC.md §8 keys first, then the codes DESIGN.md §11 adds.
 */
export const ERROR_CODES = [
  // SPEC.md §8
  'ACCOUNT_NOT_FOUND',
  'ACCOUNT_IN_USED',
  'PROMOTION_ONLY_FOR_FIRST_ORDER',
  'CANNOT_USE_PROMOTION_WHILE_ORDER_IS_OPEN',
  'OPEN_ORDER',
  'PROMOTION_ALREADY_USED',
  'PROMOTION_USAGE',
  'PROMOTION_INACTIVE',
  'PROMOTION_CREDIT_USED',
  // platform
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'AGENCY_NOT_FOUND',
  'RATE_LIMITED',
  'CONFLICT',
  'IDEMPOTENCY_KEY_REUSED',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'INTERNAL',
  /** the database or the shared counters are out of reach for a moment: the same call again shortly succeeds */
  'SERVICE_UNAVAILABLE',
  // accounts
  'USERNAME_EXIST',
  'INVALID_CREDENTIALS',
  'PASSWORD_INCORRECT',
  /** login with the right password to an account staff blocked (decision 055) */
  'ACCOUNT_BLOCKED',
  /** staff reset the password: nothing but the password change until the player chooses one */
  'PASSWORD_CHANGE_REQUIRED',
  // bank accounts
  'BANK_ACCOUNT_ALREADY_ADDED',
  'BANK_ACCOUNT_INVALID',
  'BANK_ACCOUNT_WALLET_NOT_ALLOWED',
  'BANK_ACCOUNT_CURRENCY_NOT_ALLOWED',
  'BANK_ACCOUNT_REQUIRED',
  // games and providers
  'PROVIDER_NOT_FOUND',
  'PROVIDER_UNAVAILABLE',
  /** the agency switched the provider off for maintenance: no deposit, no game launch; fields carry `until` (ISO) when it ends at a set time */
  'PROVIDER_MAINTENANCE',
  'GAME_NO_CREDIT',
  // deposits
  'DEPOSIT_OPEN_ORDER_EXISTS',
  'DEPOSIT_AMOUNT_OUT_OF_RANGE',
  'DEPOSIT_AMOUNT_MUST_EQUAL_PROMOTION',
  'DEPOSIT_CREDIT_TOO_HIGH',
  'DEPOSIT_NOT_ALLOWED',
  'ORDER_NOT_PAID',
  'ORDER_NOT_OPEN',
  'ORDER_EXPIRED',
  'CURRENCY_NOT_FOUND',
  // payments callback
  'SIGNATURE_INVALID',
  // withdrawals
  'WITHDRAW_NOT_ALLOWED',
  'WITHDRAW_AMOUNT_OUT_OF_RANGE',
  'WITHDRAW_INSUFFICIENT_CREDIT',
  'WITHDRAW_BELOW_PROMOTION_TARGET',
  'WITHDRAW_MUST_WITHDRAW_ALL',
  'WITHDRAW_TURNOVER_NOT_MET',
  'WITHDRAW_OPEN_ORDER_EXISTS',
  // promotions
  'PROMOTION_NOT_FOUND',
  'PROMOTION_ONE_AT_A_TIME',
  'PROMOTION_PLAYER_BLOCKED',
  'PROMOTION_NEEDS_BANK_ACCOUNT',
  'PROMOTION_USED_BY_PROVIDER',
  /** the promotion's maxCreditBeforeDeposit: fields carry `threshold` and the player's `credit` there (THB decimals) */
  'PROMOTION_CREDIT_TOO_HIGH',
  /** any rule without a code of its own (promotion-rules.ts): `fields.rule` names it, `fields.value` is its value as saved */
  'PROMOTION_RULE_NOT_MET',
  // back office
  'STAFF_FORBIDDEN',
  /** a staff session that has not passed the second factor (decision 049) */
  'STAFF_SECOND_FACTOR_REQUIRED',
  'STAFF_CODE_INVALID',
  /** an owner changing their own role, activity or second factor */
  'STAFF_SELF_CHANGE',
  'STAFF_LAST_OWNER',
  /** a rate change beyond the bound approved by the staff user who asked for it */
  'RATE_APPROVAL_BY_OTHER',
  /** a waiting rate change whose rates-before are no longer the rates now */
  'RATE_REQUEST_STALE',
  /** enrolling a second factor with the password alone: staff enrol through their invitation (decision 110) */
  'STAFF_ENROL_BY_INVITATION',
  /** an invitation link unknown, used, replaced by a newer one or past its 72 hours */
  'STAFF_INVITATION_INVALID',
  // games
  'GAME_NOT_FOUND',
  // deposits (bank gateway)
  'BANK_GATEWAY_UNAVAILABLE',
  'DEPOSIT_BANK_NOT_AVAILABLE',
  'PAYMENT_MISMATCH',
  // withdrawals (back office)
  'WITHDRAW_BANK_REFERENCE_USED',
  // staff QR inspect
  /** a payload that is no LAO QR form a bank issues: `fields.payload` says why (qr.reason.<code>) */
  'QR_INVALID',
  /** an uploaded picture in which no QR code could be found */
  'QR_NOT_FOUND_IN_IMAGE',
  // responsible play (decision 160)
  /** a deposit that would pass a deposit limit: `fields.allowed` is the kip still allowed, `fields.period` the limit passed */
  'DEPOSIT_LIMIT_REACHED',
  /** a game launch or a promotion during cooling-off or self-exclusion: `fields.until` the end (absent: for good) */
  'SELF_EXCLUDED',
  // fraud signals (decision 164)
  /** a promotion refused while the player is in a bonus ring staff have not allowed (players of one device, one first-deposit promotion) */
  'PROMOTION_BONUS_RING',
  // risk rules per agency (decisions 161–163)
  /** the agency's withdrawals per Lao day reached: `fields.limit` the count, `fields.left` 0 */
  'WITHDRAWAL_DAILY_COUNT_REACHED',
  /** the amount would pass the agency's THB per Lao day: `fields.limit`, `fields.left` the THB still allowed */
  'WITHDRAWAL_DAILY_AMOUNT_REACHED',
  /** a withdrawal needing two approvals approved again by the staff user who approved it first */
  'WITHDRAWAL_APPROVAL_BY_OTHER',
  /** the second approval names another bank reference than the first */
  'WITHDRAWAL_APPROVAL_REFERENCE_DIFFERS',
  /** a held deposit already decided (or not held) */
  'DEPOSIT_NOT_IN_REVIEW',
  // credit moved between providers (decision 176)
  /** the same provider on both sides */
  'MOVE_SAME_PROVIDER',
  /** more than the credit at the first provider: `fields.available` is the credit there */
  'MOVE_INSUFFICIENT_CREDIT',
  /** a move of the player's is still under way */
  'MOVE_IN_PROGRESS',
  /** a promotion the player holds keeps them at `fields.providerId` */
  'MOVE_PROMOTION_LOCKED',
] as const;

export const errorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** The one error shape of the API: `{"error":{"code","message","fields"?}}`. */
export const errorBodySchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    /** field path (dot-joined) → message key, for form errors */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** HTTP status per code; the server maps domain errors through this one table. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  ACCOUNT_NOT_FOUND: 404,
  ACCOUNT_IN_USED: 409,
  PROMOTION_ONLY_FOR_FIRST_ORDER: 422,
  CANNOT_USE_PROMOTION_WHILE_ORDER_IS_OPEN: 409,
  OPEN_ORDER: 409,
  PROMOTION_ALREADY_USED: 409,
  PROMOTION_USAGE: 409,
  PROMOTION_INACTIVE: 422,
  PROMOTION_CREDIT_USED: 422,
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  AGENCY_NOT_FOUND: 404,
  RATE_LIMITED: 429,
  CONFLICT: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  USERNAME_EXIST: 409,
  INVALID_CREDENTIALS: 401,
  PASSWORD_INCORRECT: 400,
  ACCOUNT_BLOCKED: 403,
  PASSWORD_CHANGE_REQUIRED: 403,
  BANK_ACCOUNT_ALREADY_ADDED: 409,
  BANK_ACCOUNT_INVALID: 400,
  BANK_ACCOUNT_WALLET_NOT_ALLOWED: 400,
  BANK_ACCOUNT_CURRENCY_NOT_ALLOWED: 400,
  BANK_ACCOUNT_REQUIRED: 422,
  PROVIDER_NOT_FOUND: 404,
  PROVIDER_UNAVAILABLE: 503,
  PROVIDER_MAINTENANCE: 503,
  GAME_NO_CREDIT: 422,
  DEPOSIT_OPEN_ORDER_EXISTS: 409,
  DEPOSIT_AMOUNT_OUT_OF_RANGE: 400,
  DEPOSIT_AMOUNT_MUST_EQUAL_PROMOTION: 400,
  DEPOSIT_CREDIT_TOO_HIGH: 422,
  PROMOTION_CREDIT_TOO_HIGH: 422,
  DEPOSIT_NOT_ALLOWED: 422,
  ORDER_NOT_PAID: 409,
  ORDER_NOT_OPEN: 409,
  ORDER_EXPIRED: 409,
  CURRENCY_NOT_FOUND: 404,
  SIGNATURE_INVALID: 401,
  WITHDRAW_NOT_ALLOWED: 422,
  WITHDRAW_AMOUNT_OUT_OF_RANGE: 400,
  WITHDRAW_INSUFFICIENT_CREDIT: 422,
  WITHDRAW_BELOW_PROMOTION_TARGET: 422,
  WITHDRAW_MUST_WITHDRAW_ALL: 422,
  WITHDRAW_TURNOVER_NOT_MET: 422,
  WITHDRAW_OPEN_ORDER_EXISTS: 409,
  PROMOTION_NOT_FOUND: 404,
  PROMOTION_ONE_AT_A_TIME: 409,
  PROMOTION_PLAYER_BLOCKED: 403,
  PROMOTION_NEEDS_BANK_ACCOUNT: 422,
  PROMOTION_USED_BY_PROVIDER: 409,
  PROMOTION_RULE_NOT_MET: 422,
  STAFF_FORBIDDEN: 403,
  STAFF_SECOND_FACTOR_REQUIRED: 403,
  STAFF_CODE_INVALID: 400,
  STAFF_SELF_CHANGE: 409,
  STAFF_LAST_OWNER: 409,
  RATE_APPROVAL_BY_OTHER: 409,
  RATE_REQUEST_STALE: 409,
  STAFF_ENROL_BY_INVITATION: 403,
  STAFF_INVITATION_INVALID: 404,
  GAME_NOT_FOUND: 404,
  BANK_GATEWAY_UNAVAILABLE: 503,
  DEPOSIT_BANK_NOT_AVAILABLE: 422,
  PAYMENT_MISMATCH: 409,
  WITHDRAW_BANK_REFERENCE_USED: 409,
  QR_INVALID: 400,
  QR_NOT_FOUND_IN_IMAGE: 422,
  DEPOSIT_LIMIT_REACHED: 422,
  SELF_EXCLUDED: 403,
  PROMOTION_BONUS_RING: 403,
  WITHDRAWAL_DAILY_COUNT_REACHED: 422,
  WITHDRAWAL_DAILY_AMOUNT_REACHED: 422,
  WITHDRAWAL_APPROVAL_BY_OTHER: 409,
  WITHDRAWAL_APPROVAL_REFERENCE_DIFFERS: 409,
  DEPOSIT_NOT_IN_REVIEW: 409,
  MOVE_SAME_PROVIDER: 400,
  MOVE_INSUFFICIENT_CREDIT: 422,
  MOVE_IN_PROGRESS: 409,
  MOVE_PROMOTION_LOCKED: 409,
};
