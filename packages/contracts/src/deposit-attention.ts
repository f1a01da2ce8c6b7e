import { z } from 'zod';
import { providerIdSchema } from './common.js';
import { keysetQuerySchema, keysetResponseSchema } from './keyset.js';

/**
 * Deposits needing attention in the back office (DESIGN.md §9, docs/decisions/059): provider
 * transfers that FAILED, transfers whose outcome is still unknown after TRANSFER_ATTENTION_MINUTES,
 * and payments the bank reported that match no order (a second payment of a paid QR, a payment of
 * another amount, a reference we never issued).
 */
/** DEPOSIT_REVIEW: a paid deposit over the agency's amount, held before its credit moves (decision 162) */
export const ATTENTION_KINDS = ['TRANSFER_FAILED', 'TRANSFER_UNKNOWN', 'UNMATCHED_PAYMENT', 'DEPOSIT_REVIEW'] as const;
export const attentionKindSchema = z.enum(ATTENTION_KINDS);
export type AttentionKind = z.infer<typeof attentionKindSchema>;

export const UNMATCHED_REASONS = ['NO_ORDER', 'PAID_TWICE', 'AMOUNT_MISMATCH'] as const;
export const unmatchedReasonSchema = z.enum(UNMATCHED_REASONS);

export const attentionQuerySchema = keysetQuerySchema.extend({ kind: attentionKindSchema });

export const attentionItemSchema = z.object({
  kind: attentionKindSchema,
  /** the deposit (TRANSFER_FAILED), the transfer (TRANSFER_UNKNOWN) or the payment (UNMATCHED_PAYMENT) */
  id: z.string(),
  depositId: z.string().nullable(),
  transactionCode: z.string().nullable(),
  playerId: z.string().nullable(),
  playerUsername: z.string().nullable(),
  providerId: providerIdSchema.nullable(),
  /** LAK received (whole kip) */
  amountLak: z.string().nullable(),
  /** THB credit that did not reach the provider */
  creditThb: z.string().nullable(),
  bankReference: z.string().nullable(),
  unmatchedReason: unmatchedReasonSchema.nullable(),
  /** the provider's last answer, or why the payment matched nothing */
  lastError: z.string().nullable(),
  /** provider transfers made for the deposit so far: sent back with a retry, so a repeated press retries once */
  transfers: z.number().int(),
  /** when it started needing attention: the order's or the transfer's creation, the payment's arrival */
  since: z.string(),
});
export type AttentionItem = z.infer<typeof attentionItemSchema>;
export const attentionListResponseSchema = keysetResponseSchema(attentionItemSchema);

/** count and oldest item of each kind, for the dashboard's queues */
export const attentionSummarySchema = z.object(
  Object.fromEntries(ATTENTION_KINDS.map((k) => [k, z.object({ count: z.number().int(), oldest: z.string().nullable() })])) as Record<
    AttentionKind,
    z.ZodObject<{ count: z.ZodNumber; oldest: z.ZodNullable<z.ZodString> }>
  >,
);
export type AttentionSummary = z.infer<typeof attentionSummarySchema>;

export const retryTransferBodySchema = z.object({ transfers: z.number().int().min(0).max(1000) });
export const refundBodySchema = z.object({
  bankReference: z.string().trim().min(1, 'backoffice.validation.bank_reference_required').max(128),
});
/** a held deposit rejected (decision 162): the bank's reference of the kip paid back, and why (optional) */
export const rejectHeldBodySchema = refundBodySchema.extend({
  reason: z.string().trim().min(1, 'backoffice.validation.reason_required').max(500).optional(),
});
/** an unknown transfer decided by staff from the provider's own records; the note says which record */
export const RESOLVE_NOTE_MAX = 200;
export const resolveTransferBodySchema = z.object({
  applied: z.boolean(),
  note: z.string().trim().min(3, 'backoffice.validation.resolve_note_required').max(RESOLVE_NOTE_MAX),
});
/** what an action answers: the item as it is now (null once it has left the list) */
export const attentionActionResponseSchema = z.object({ item: attentionItemSchema.nullable() });
