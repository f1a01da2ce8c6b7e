import { AppError } from '../../errors.js';

export const noSuchPromotion = () => new AppError('PROMOTION_NOT_FOUND', 'no such promotion');
export const promotionInactive = () => new AppError('PROMOTION_INACTIVE', 'the promotion is not active');
export const oneAtATime = () => new AppError('PROMOTION_ONE_AT_A_TIME', 'one promotion at a time');
export const usedByProvider = (provider: string) =>
  new AppError('PROMOTION_USED_BY_PROVIDER', `the promotion is already used at provider ${provider}`, { providerId: provider });
export const playerBlocked = () => new AppError('PROMOTION_PLAYER_BLOCKED', 'the account is blocked from promotions');
/** decision 164: players of one device took the same first-deposit promotion; staff have not allowed it */
export const bonusRing = () =>
  new AppError('PROMOTION_BONUS_RING', 'promotions are paused: another account on this device took the same first-deposit promotion');
export const needsBankAccount = () => new AppError('PROMOTION_NEEDS_BANK_ACCOUNT', 'add a bank account to receive a promotion');
export const openOrder = () => new AppError('CANNOT_USE_PROMOTION_WHILE_ORDER_IS_OPEN', 'close the open deposit order to use a promotion');
export const firstOrderOnly = () => new AppError('PROMOTION_ONLY_FOR_FIRST_ORDER', 'the promotion is only for new customers');
export const alreadyUsed = () => new AppError('PROMOTION_ALREADY_USED', 'the promotion was already used');
export const usesExhausted = () => new AppError('PROMOTION_USAGE', 'the promotion has no uses left');
/** The promotion's own rule, named with its number and the credit that broke it (THB wire decimals). */
export const creditTooHigh = (threshold: string, credit: string) =>
  new AppError('PROMOTION_CREDIT_TOO_HIGH', `the credit there must be below ${threshold} THB (it is ${credit} THB)`, {
    threshold,
    credit,
  });
export const providerNotInPromotion = (provider: string) =>
  new AppError('PROVIDER_NOT_FOUND', `the promotion does not apply at ${provider}`, { providerId: 'promotion.validation.provider' });
export const noSuchUsage = () => new AppError('NOT_FOUND', 'no such promotion usage');
export const usageNotHeld = (status: string) => new AppError('CONFLICT', `the usage is ${status}`);
export const bonusInFlight = () => new AppError('CONFLICT', 'the bonus is still on its way to the provider; try again in a moment');
