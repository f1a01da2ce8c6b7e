import { AppError, notFound } from '../../errors.js';

export const openOrderExists = () => new AppError('DEPOSIT_OPEN_ORDER_EXISTS', 'close the open deposit order first');

/** another player's order looks exactly like a missing one */
export const noSuchDeposit = () => notFound('no such deposit');

export const noDepositWithReference = (reference: string) => notFound(`no deposit with reference ${reference}`);

export const gatewayCannotTakeOrders = () =>
  new AppError('BANK_GATEWAY_UNAVAILABLE', 'the bank cannot take deposits now, try again in a moment');

export const gatewayCannotBeAsked = () => new AppError('BANK_GATEWAY_UNAVAILABLE', 'the bank cannot be asked now, try again in a moment');

export const notPaid = () => new AppError('ORDER_NOT_PAID', 'the order has not been paid, so scan the QR');

export const notOpen = () => new AppError('ORDER_NOT_OPEN', 'only an open order can be canceled');

export const paymentMismatch = () => new AppError('PAYMENT_MISMATCH', 'the payment does not match the order; staff will look at it');

export const noLakCurrency = (mid: string) =>
  new AppError('CURRENCY_NOT_FOUND', `no LAK currency with mid ${mid}`, { mid: 'deposit.mid_invalid' });

export const amountOutOfRange = (min: bigint, max: bigint) =>
  new AppError('DEPOSIT_AMOUNT_OUT_OF_RANGE', `the amount must be between ${min} and ${max} LAK`, {
    amount: 'deposit.amount_out_of_range',
  });

export const bankNotAvailable = (bank: string) =>
  new AppError('DEPOSIT_BANK_NOT_AVAILABLE', `deposits from ${bank} are not available`, { bank: 'deposit.bank_unavailable' });

export const amountMustEqualPromotion = (amountLak: bigint) =>
  new AppError('DEPOSIT_AMOUNT_MUST_EQUAL_PROMOTION', `the promotion takes a deposit of ${amountLak} LAK`, {
    amount: 'deposit.amount_must_equal_promotion',
  });

export const promotionCreditUsed = (thresholdThb: string) =>
  new AppError('PROMOTION_CREDIT_USED', `a promotion is in use: deposit when credit is below ${thresholdThb} THB`);

export const promotionAtProvider = (provider: string) =>
  new AppError('PROMOTION_USED_BY_PROVIDER', `the promotion taken is for provider ${provider}: deposit there`, { providerId: provider });
