import { z } from 'zod';
import { BANK_ACCOUNT_CURRENCY, BANK_ACCOUNT_LENGTHS } from './banks.js';
import { BANK_CODES, bankCodeSchema, type BankCode } from './common.js';
import type { ErrorCode } from './errors.js';

export const bankAccountSchema = z.object({
  id: z.string(),
  bank: bankCodeSchema,
  accountNumber: z.string(),
  accountName: z.string(),
  currency: z.literal('LAK'),
  createdAt: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

// the length table and the currency live without zod in banks.ts (the bank account form reads them from there)
export { BANK_ACCOUNT_CURRENCY, BANK_ACCOUNT_LENGTHS } from './banks.js';

/**
 * Spaces, dashes and dots people type between digit groups and a leading + are dropped; anything
 * else stays and fails the digits rule.
 */
export function normalizeAccountNumber(raw: string): string {
  return raw.replace(/[\s.-]/g, '').replace(/^\+/, '');
}

/**
 * Lao mobile numbers, which are what M-Money, U-Money and other mobile wallets use as account
 * numbers: 020 + 8 digits and 030 + 7 digits, with or without the leading 0 or the 856 country code.
 */
const MOBILE_WALLET = /^(?:856|0)?(?:20\d{8}|30\d{7})$/;

export function isMobileWalletNumber(digits: string): boolean {
  return MOBILE_WALLET.test(digits);
}

/** One digit repeated (0000000000000) is a made-up number, not a bank account. */
function isSimulated(digits: string): boolean {
  return /^(\d)\1*$/.test(digits);
}

export interface BankAccountProblem {
  code: ErrorCode;
  field: 'accountNumber' | 'currency';
  /** message key in the web's wallet namespace */
  message: string;
}

/**
 * The rules of SPEC.md §5 beyond "required": LAK only, no mobile-wallet numbers, digits of a length
 * the bank issues. The server answers each with its own code; the form shows the same message.
 */
export function checkBankAccount(input: { bank: BankCode; accountNumber: string; currency: string }): BankAccountProblem | null {
  if (input.currency !== BANK_ACCOUNT_CURRENCY) {
    return { code: 'BANK_ACCOUNT_CURRENCY_NOT_ALLOWED', field: 'currency', message: 'bank.validation.currency_lak_only' };
  }
  const digits = normalizeAccountNumber(input.accountNumber);
  if (!/^\d+$/.test(digits)) {
    return { code: 'BANK_ACCOUNT_INVALID', field: 'accountNumber', message: 'bank.validation.account_number_digits' };
  }
  if (isMobileWalletNumber(digits)) {
    return { code: 'BANK_ACCOUNT_WALLET_NOT_ALLOWED', field: 'accountNumber', message: 'bank.validation.wallet_not_allowed' };
  }
  if (!BANK_ACCOUNT_LENGTHS[input.bank].includes(digits.length) || isSimulated(digits)) {
    return { code: 'BANK_ACCOUNT_INVALID', field: 'accountNumber', message: 'bank.validation.account_number_invalid' };
  }
  return null;
}

/** The request body of POST /v2/players/bank-accounts; the per-bank rules run in `checkBankAccount`. */
export const addBankAccountBodySchema = z.object({
  bank: z.enum(BANK_CODES, { error: 'bank.validation.bank_required' }),
  accountNumber: z
    .string({ error: 'bank.validation.account_number_required' })
    .trim()
    .min(1, 'bank.validation.account_number_required')
    .max(40, 'bank.validation.account_number_invalid'),
  accountName: z
    .string({ error: 'bank.validation.account_name_required' })
    .trim()
    .min(1, 'bank.validation.account_name_required')
    .max(100, 'bank.validation.account_name_too_long'),
  currency: z.string({ error: 'bank.validation.currency_required' }).min(1, 'bank.validation.currency_required').max(8),
  owner: z.literal(true, { error: 'bank.validation.owner_required' }),
});
export type AddBankAccountBody = z.infer<typeof addBankAccountBodySchema>;

/**
 * The form's resolver: the body schema with the owner box as a boolean (it starts unticked), plus
 * the same per-bank rules the server applies.
 */
export const addBankAccountFormSchema = addBankAccountBodySchema
  .extend({ owner: z.boolean().refine((v) => v, 'bank.validation.owner_required') })
  .superRefine((v, ctx) => {
    const problem = checkBankAccount(v);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
export type AddBankAccountForm = z.infer<typeof addBankAccountFormSchema>;

export const bankAccountsResponseSchema = z.object({ bankAccounts: z.array(bankAccountSchema) });
export type BankAccountsResponse = z.infer<typeof bankAccountsResponseSchema>;
export const addBankAccountResponseSchema = z.object({ bankAccount: bankAccountSchema });
