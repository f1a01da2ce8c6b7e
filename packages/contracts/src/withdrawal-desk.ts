import { z } from 'zod';
import { REJECT_REASON_MAX } from './backoffice.js';
import { bankAccountSchema } from './bank-accounts.js';
import { providerIdSchema } from './common.js';

/**
 * The withdrawal desk staff work at all day (docs/decisions/178-withdrawal-desk.md): the
 * agency's preset reject reasons and what the decision dialog shows of the player.
 */

/** how many preset reasons an agency keeps: a short list to choose from at a glance */
export const REJECT_PRESETS_MAX = 12;

/**
 * The preset reasons of an agency whose owner has not set its own. The chosen text is what the player
 * reads in their history, as typed (the server stores the reason, never a key), so the defaults are in
 * Lao, the players' default language and the back office's first.
 */
export const DEFAULT_REJECT_REASONS: readonly string[] = [
  'ຊື່ບັນຊີບໍ່ກົງກັບຊື່ຜູ້ຫຼິ້ນ',
  'ເລກບັນຊີທະນາຄານບໍ່ຖືກຕ້ອງ',
  'ຍັງບໍ່ໄດ້ຫຼິ້ນຕາມເງື່ອນໄຂໂປຣໂມຊັນ',
  'ພົບການໃຊ້ຫຼາຍບັນຊີ',
  'ກະລຸນາຕິດຕໍ່ແອດມິນ',
];

const presetSchema = z.string().trim().min(1, 'backoffice.validation.reject_reason_empty').max(REJECT_REASON_MAX);

/** The owner's list, in the order staff see it; the same text twice is refused. */
export const rejectReasonsBodySchema = z.object({
  reasons: z
    .array(presetSchema)
    .max(REJECT_PRESETS_MAX)
    .refine((list) => new Set(list).size === list.length, 'backoffice.validation.reject_reasons_duplicate'),
});
export type RejectReasonsBody = z.infer<typeof rejectReasonsBodySchema>;

/** `isDefault`: the owner never set the agency's own list; these are DEFAULT_REJECT_REASONS. */
export const rejectReasonsResponseSchema = z.object({ reasons: z.array(z.string()), isDefault: z.boolean() });
export type RejectReasonsResponse = z.infer<typeof rejectReasonsResponseSchema>;

/** how many of the player's latest orders the decision dialog shows */
export const RECENT_ORDERS_SHOWN = 10;

/** One of the player's latest deposits or withdrawals, as the decision dialog lists them. */
export const recentOrderSchema = z.object({
  kind: z.enum(['deposit', 'withdrawal']),
  id: z.string(),
  transactionCode: z.string(),
  providerId: z.string(),
  /** an order status (deposits) or a withdrawal status */
  status: z.string(),
  /** LAK, whole kip: paid in (deposit) or to be paid out (withdrawal) */
  amountLak: z.string(),
  /** THB credit bought or withdrawn */
  credit: z.string(),
  createdAt: z.string(),
});
export type RecentOrder = z.infer<typeof recentOrderSchema>;

/**
 * The player behind a withdrawal, for the decision: the latest deposits and withdrawals (newest first,
 * at most RECENT_ORDERS_SHOWN of all), the live credit at each provider (null: no answer in time) and
 * the kip bank account they have now (it may differ from the one the withdrawal was asked to).
 */
export const withdrawalPlayerResponseSchema = z.object({
  playerId: z.string(),
  recentOrders: z.array(recentOrderSchema),
  credits: z.array(z.object({ providerId: providerIdSchema, amount: z.string().nullable() })),
  bankAccount: bankAccountSchema.nullable(),
});
export type WithdrawalPlayerResponse = z.infer<typeof withdrawalPlayerResponseSchema>;
