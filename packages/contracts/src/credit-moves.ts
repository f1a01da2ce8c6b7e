import { z } from 'zod';
import { isCreditAmount } from './withdrawals.js';

/**
 * Credit moved from one game provider to another in one step (decision 176): the
 * credit is taken out of the first (MOVING_OUT), then sent to the second (MOVING_IN). DONE: it is
 * there. FAILED: the first kept it (nothing moved). RETURNING → RETURNED: the second refused it and
 * it went back to the first.
 */
export const CREDIT_MOVE_STATUSES = ['MOVING_OUT', 'MOVING_IN', 'DONE', 'FAILED', 'RETURNING', 'RETURNED'] as const;
export const creditMoveStatusSchema = z.enum(CREDIT_MOVE_STATUSES);
export type CreditMoveStatus = z.infer<typeof creditMoveStatusSchema>;
/** the statuses of a move still under way: one at a time per player */
export const CREDIT_MOVE_IN_PROGRESS = ['MOVING_OUT', 'MOVING_IN', 'RETURNING'] as const satisfies readonly CreditMoveStatus[];

export const createCreditMoveBodySchema = z.object({
  fromProviderId: z.string({ error: 'move.validation.from_required' }).min(1, 'move.validation.from_required').max(64),
  toProviderId: z.string({ error: 'move.validation.to_required' }).min(1, 'move.validation.to_required').max(64),
  amount: z
    .string({ error: 'move.validation.amount_required' })
    .trim()
    .min(1, 'move.validation.amount_required')
    .max(32, 'move.validation.amount_invalid')
    .refine(isCreditAmount, 'move.validation.amount_invalid'),
});
export type CreateCreditMoveBody = z.infer<typeof createCreditMoveBodySchema>;

export const creditMoveSchema = z.object({
  id: z.string(),
  fromProviderId: z.string(),
  toProviderId: z.string(),
  /** THB credit */
  amount: z.string(),
  status: creditMoveStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CreditMove = z.infer<typeof creditMoveSchema>;

export const creditMoveResponseSchema = z.object({ move: creditMoveSchema });
export const creditMoveParamsSchema = z.object({ id: z.uuid() });
