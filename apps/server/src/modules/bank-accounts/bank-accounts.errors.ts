import type { BankAccountProblem } from '@app/contracts';
import { AppError } from '../../errors.js';

/** English for API users; players read the translated `fields` key. */
const PROBLEM_MESSAGES: Record<string, string> = {
  'bank.validation.currency_lak_only': 'only LAK accounts can be added',
  'bank.validation.account_number_digits': 'the account number must be digits',
  'bank.validation.wallet_not_allowed': 'mobile-wallet numbers are not bank accounts',
  'bank.validation.account_number_invalid': 'this bank does not issue account numbers like this one',
};

/** A rule of the contracts' checkBankAccount broken, on its field. */
export const bankAccountRefused = (problem: BankAccountProblem) =>
  new AppError(problem.code, PROBLEM_MESSAGES[problem.message], { [problem.field]: problem.message });

export const alreadyAdded = () => new AppError('BANK_ACCOUNT_ALREADY_ADDED', 'this account has already been added');

export const accountInUse = () =>
  new AppError('ACCOUNT_IN_USED', 'account already used in the system; contact staff', {
    accountNumber: 'bank.validation.account_in_use',
  });
