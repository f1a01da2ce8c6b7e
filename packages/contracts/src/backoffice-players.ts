import { z } from 'zod';
import { addBankAccountBodySchema, bankAccountSchema } from './bank-accounts.js';
import { providerIdSchema } from './common.js';
import { depositOrderSchema } from './deposits.js';
import { keysetQuerySchema, keysetResponseSchema } from './keyset.js';
import { promotionUsageSchema } from './promotions.js';
import { withdrawalSchema } from './withdrawals.js';

/**
 * The back office's players (DESIGN.md §9): search, a player's page and the actions on it.
 * Lists are keyset-paged (docs/decisions/058-keyset-paging.md).
 */
export const PLAYER_SEARCH_FIELDS = ['username', 'displayName', 'bankAccount', 'fingerprint'] as const;
export const playerSearchFieldSchema = z.enum(PLAYER_SEARCH_FIELDS);
export type PlayerSearchField = z.infer<typeof playerSearchFieldSchema>;

export const playerSearchQuerySchema = keysetQuerySchema.extend({
  by: playerSearchFieldSchema.default('username'),
  /** a prefix of the username, display name or account number; a fingerprint exactly; empty: the newest players */
  q: z.string().trim().max(128).default(''),
});
export type PlayerSearchQuery = z.infer<typeof playerSearchQuerySchema>;

export const PLAYER_STATUSES = ['active', 'blocked'] as const;
export const playerStatusSchema = z.enum(PLAYER_STATUSES);

export const staffPlayerSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  displayName: z.string(),
  status: playerStatusSchema,
  promotionBlocked: z.boolean(),
  /** a password reset by staff waits for the player's own new one */
  mustChangePassword: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type StaffPlayer = z.infer<typeof staffPlayerSchema>;

export const playerSearchResponseSchema = keysetResponseSchema(staffPlayerSchema.extend({ bankAccountNumber: z.string().nullable() }));
export type PlayerSearchResponse = z.infer<typeof playerSearchResponseSchema>;

export const playerSessionSchema = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export const playerFingerprintSchema = z.object({ hash: z.string(), firstDay: z.string(), lastDay: z.string(), days: z.number().int() });

export const playerDetailResponseSchema = z.object({
  player: staffPlayerSchema,
  bankAccount: bankAccountSchema.nullable(),
  fingerprints: z.array(playerFingerprintSchema),
  sessions: z.array(playerSessionSchema),
  usages: z.array(promotionUsageSchema),
});
export type PlayerDetailResponse = z.infer<typeof playerDetailResponseSchema>;

export const playerDepositsResponseSchema = keysetResponseSchema(depositOrderSchema);
export const playerWithdrawalsResponseSchema = keysetResponseSchema(withdrawalSchema);

/** Live credit per provider; `null` where the provider did not answer in time. */
export const playerCreditsResponseSchema = z.object({
  credits: z.array(z.object({ providerId: providerIdSchema, amount: z.string().nullable() })),
});

export const staffReasonSchema = z.string().trim().min(1, 'backoffice.validation.reason_required').max(500);
export const blockPlayerBodySchema = z.object({ reason: staffReasonSchema });
export const resetPasswordResponseSchema = z.object({
  /** shown once to staff; the player must choose a new one at the next login */
  temporaryPassword: z.string(),
});
export const changeBankAccountBodySchema = addBankAccountBodySchema
  .omit({ owner: true, currency: true })
  .extend({ reason: staffReasonSchema });
export type ChangeBankAccountBody = z.infer<typeof changeBankAccountBodySchema>;
export const endSessionsBodySchema = z.object({ sessionId: z.uuid().optional() });
