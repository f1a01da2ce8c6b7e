import { AppError, notFound } from '../../errors.js';

export const openExists = () => new AppError('WITHDRAW_OPEN_ORDER_EXISTS', 'a withdrawal is already in progress');

export const insufficientCredit = () =>
  new AppError('WITHDRAW_INSUFFICIENT_CREDIT', 'not enough credit', { amount: 'withdraw.validation.insufficient_credit' });

export const amountOutOfRange = (min: string, max: string) =>
  new AppError('WITHDRAW_AMOUNT_OUT_OF_RANGE', `between ${min} and ${max}`, { amount: 'withdraw.validation.amount_range' });

export const unknownProvider = (providerId: string) =>
  new AppError('PROVIDER_NOT_FOUND', `no provider ${providerId}`, { providerId: 'withdraw.validation.provider_required' });

export const bankAccountRequired = () => new AppError('BANK_ACCOUNT_REQUIRED', 'add a bank account first');

export const noKipRate = () => new AppError('CURRENCY_NOT_FOUND', 'no kip rate is set');

/** another agency's or another player's order does not exist for the caller */
export const noSuchWithdrawal = () => notFound('no such withdrawal');

export const notOpen = (status: string) => new AppError('ORDER_NOT_OPEN', `the withdrawal is ${status}`);

export const bankReferenceUsed = () =>
  new AppError('WITHDRAW_BANK_REFERENCE_USED', 'this bank reference pays another withdrawal', {
    bankReference: 'backoffice.validation.bank_reference_used',
  });
