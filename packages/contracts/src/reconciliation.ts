import { z } from 'zod';
import { bankCodeSchema, providerIdSchema } from './common.js';
import { keysetQuerySchema, keysetResponseSchema } from './keyset.js';

/**
 * Reconciliation with the banks (docs/decisions/138 and 139): once a day per agency
 * and bank, the bank's payments against our deposits and unmatched payments. A difference is kept for
 * staff; nothing moves money by itself.
 * - NOT_CREDITED: paid at the bank, nothing here has its bank reference
 * - UNKNOWN_AT_BANK: credited (or kept) here, the bank has no payment with its bank reference
 * - AMOUNT_DIFFERS: both know the payment (or the transfer), with another amount
 * And each agency's game providers against the ledger (docs/decisions/142):
 * - NOT_AT_PROVIDER: a transfer POSTED in our ledger the provider has not applied
 * - NOT_IN_LEDGER: a transfer the provider applied that no POSTED transfer of ours has the reference of
 * - BALANCE_DIFFERS: a provider that keeps no history (AMB, docs/decisions/146): the player's balance
 *   there is not the balance after a deposit + our POSTED transfers since + its win/lose since;
 *   the reference is that deposit's, their amount the balance, ours the expected one
 */
export const RECONCILIATION_KINDS = [
  'NOT_CREDITED',
  'UNKNOWN_AT_BANK',
  'AMOUNT_DIFFERS',
  'NOT_AT_PROVIDER',
  'NOT_IN_LEDGER',
  'BALANCE_DIFFERS',
] as const;
export const reconciliationKindSchema = z.enum(RECONCILIATION_KINDS);
export type ReconciliationKind = z.infer<typeof reconciliationKindSchema>;
/**
 * LIST: the bank's transaction list; PER_ORDER: each bill and payment asked about (JDB, which lists
 * nothing); HISTORY: each player's transfer history at the provider; BALANCE: each player's balance
 * at the provider against the ledger and the provider's win/lose (AMB)
 */
export const RECONCILIATION_METHODS = ['LIST', 'PER_ORDER', 'HISTORY', 'BALANCE'] as const;
export type ReconciliationMethod = (typeof RECONCILIATION_METHODS)[number];
/** CLEARED: a later comparison found it no longer differs; RESOLVED: staff closed it with a note */
export type ReconciliationResolution = 'CLEARED' | 'RESOLVED';

export const reconciliationQuerySchema = keysetQuerySchema.extend({
  bank: bankCodeSchema.optional(),
  provider: providerIdSchema.optional(),
});
/** what staff ask to compare now: one bank's day so far, or one provider's */
export const reconciliationRunBodySchema = z.union([
  z.object({ bank: bankCodeSchema }).strict(),
  z.object({ provider: providerIdSchema }).strict(),
]);

export const reconciliationItemSchema = z.object({
  id: z.string(),
  /** the counterpart: a bank, or a game provider (the other is null) */
  bank: bankCodeSchema.nullable(),
  provider: providerIdSchema.nullable(),
  kind: reconciliationKindSchema,
  /** the bank's reference of the payment; for a provider, the transfer's reference */
  bankReference: z.string(),
  /** our bill number the payment went to, when known */
  gatewayReference: z.string().nullable(),
  depositId: z.string().nullable(),
  transactionCode: z.string().nullable(),
  playerUsername: z.string().nullable(),
  unmatchedPaymentId: z.string().nullable(),
  /** whole kip, as the bank booked it (null: the bank has no such payment) */
  bankAmountLak: z.string().nullable(),
  /** whole kip, as we recorded it (null: we have nothing) */
  ourAmountLak: z.string().nullable(),
  /** LAK (a bank's) or THB (a provider's credit) */
  currency: z.string(),
  /** in `currency`, as the bank or the provider has it (null: it has nothing); signed for a provider: negative credit out */
  theirAmount: z.string().nullable(),
  /** in `currency`, as we recorded it (null: nothing) */
  ourAmount: z.string().nullable(),
  paidAt: z.string(),
  /** the Lao day reconciled */
  day: z.string(),
  foundAt: z.string(),
});
export type ReconciliationItem = z.infer<typeof reconciliationItemSchema>;
export const reconciliationListResponseSchema = keysetResponseSchema(reconciliationItemSchema);

export const reconciliationRunSchema = z.object({
  bank: bankCodeSchema.nullable(),
  provider: providerIdSchema.nullable(),
  day: z.string(),
  method: z.enum(RECONCILIATION_METHODS),
  checked: z.number().int(),
  differences: z.number().int(),
  /** why the last attempt could not finish (the bank could not be asked); it is tried again */
  error: z.string().nullable(),
  finishedAt: z.string(),
});
/** the newest run of each bank of the agency, and the open differences by kind */
export const reconciliationSummarySchema = z.object({
  runs: z.array(reconciliationRunSchema),
  open: z.object(Object.fromEntries(RECONCILIATION_KINDS.map((k) => [k, z.number().int()])) as Record<ReconciliationKind, z.ZodNumber>),
});
export type ReconciliationSummary = z.infer<typeof reconciliationSummarySchema>;

export const resolveDifferenceBodySchema = z.object({
  note: z.string().trim().min(1, 'backoffice.validation.note_required').max(500),
});
/** what an action answers: the difference as it is now (null once closed) */
export const reconciliationActionResponseSchema = z.object({ item: reconciliationItemSchema.nullable() });
