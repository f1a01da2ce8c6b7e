import { z } from 'zod';
import { toMinor } from './money.js';
import { bankCodeSchema, pageResponseSchema } from './common.js';

/**
 * Withdrawals (DESIGN.md §6, docs/decisions/012-withdrawals-and-staff.md). PENDING is ours: the
 * order exists but the credit is still on its way back from the provider, so it is not OPEN yet
 * (SPEC.md §4 shows "anything else" in grey).
 */
export const WITHDRAWAL_STATUSES = ['PENDING', 'OPEN', 'CANCELED', 'SUCCESS', 'FAILED', 'REJECTED'] as const;
export const withdrawalStatusSchema = z.enum(WITHDRAWAL_STATUSES);
export type WithdrawalStatus = z.infer<typeof withdrawalStatusSchema>;

/** A positive THB amount with at most 2 decimals. */
export function isCreditAmount(value: string): boolean {
  try {
    return toMinor(value, 'THB') > 0n;
  } catch {
    return false;
  }
}

/** The amount is THB credit as a decimal string; the provider is checked by the service (404 PROVIDER_NOT_FOUND). */
export const createWithdrawalBodySchema = z.object({
  providerId: z.string({ error: 'withdraw.validation.provider_required' }).min(1, 'withdraw.validation.provider_required').max(64),
  amount: z
    .string({ error: 'withdraw.validation.amount_required' })
    .trim()
    .min(1, 'withdraw.validation.amount_required')
    .max(32, 'withdraw.validation.amount_invalid')
    .refine(isCreditAmount, 'withdraw.validation.amount_invalid'),
});
export type CreateWithdrawalBody = z.infer<typeof createWithdrawalBodySchema>;

/** A withdrawal with the display fields of SPEC.md §3. Credit amounts are THB, amountReceived LAK. */
export const withdrawalSchema = z.object({
  id: z.string(),
  transactionCode: z.string(),
  providerId: z.string(),
  status: withdrawalStatusSchema,
  /** withdrawn amount: the credit the player asked for */
  amount: z.string(),
  /** amount received in the bank account (LAK, whole kip) */
  amountReceived: z.string(),
  receivedCurrency: z.literal('LAK'),
  /** LAK per 1 THB of credit (the buy rate of the day, kept on the order) */
  rate: z.string(),
  bank: bankCodeSchema,
  accountName: z.string(),
  accountNumber: z.string(),
  /** credit that is paid out */
  creditReceived: z.string(),
  /** credit given back to the provider (a promotion's receivable cap) */
  creditReturned: z.string(),
  /** bonus credit deducted (a promotion's bonus) */
  promoCredit: z.string(),
  /** credit taken from the provider */
  totalCredit: z.string(),
  rejectReason: z.string().nullable(),
  /** the bank's reference of the payment, once paid (SUCCESS): the player's proof to ask their bank about */
  bankReference: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const withdrawalResponseSchema = z.object({ withdrawal: withdrawalSchema });
export type WithdrawalResponse = z.infer<typeof withdrawalResponseSchema>;
export const openWithdrawalsResponseSchema = z.object({ items: z.array(withdrawalSchema) });
export type OpenWithdrawalsResponse = z.infer<typeof openWithdrawalsResponseSchema>;
export const withdrawalPageSchema = pageResponseSchema(withdrawalSchema);
export type WithdrawalPage = z.infer<typeof withdrawalPageSchema>;
export const withdrawalParamsSchema = z.object({ id: z.string().uuid() });
