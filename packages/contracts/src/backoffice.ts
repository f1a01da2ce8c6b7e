import { z } from 'zod';
import { withdrawalSchema, withdrawalStatusSchema } from './withdrawals.js';

/** The agency back office (DESIGN.md §9). Staff have their own login and session (cookie staff_sid). */
export const STAFF_ROLES = ['owner', 'finance', 'support'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRoleSchema>;

export const staffLoginBodySchema = z.object({
  username: z.string().min(1, 'username.validation.required').max(64),
  password: z.string().min(1, 'password.validation.required').max(256),
});
export type StaffLoginBody = z.infer<typeof staffLoginBodySchema>;

export const staffSchema = z.object({ id: z.string(), username: z.string(), role: staffRoleSchema });
export const staffSessionResponseSchema = z.object({ staff: staffSchema });
export type StaffSessionResponse = z.infer<typeof staffSessionResponseSchema>;

/** A withdrawal as staff see it: the player's display fields plus who it belongs to and how it ended. */
export const backofficeWithdrawalSchema = withdrawalSchema.extend({
  playerId: z.string(),
  playerUsername: z.string(),
  bankReference: z.string().nullable(),
  decidedBy: z.string().nullable(),
});
export type BackofficeWithdrawal = z.infer<typeof backofficeWithdrawalSchema>;

export const backofficeWithdrawalResponseSchema = z.object({ withdrawal: backofficeWithdrawalSchema });

export const approveWithdrawalBodySchema = z.object({
  bankReference: z.string().trim().min(1, 'backoffice.validation.bank_reference_required').max(128),
});
export const rejectWithdrawalBodySchema = z.object({
  reason: z.string().trim().min(1, 'backoffice.validation.reason_required').max(500),
});
