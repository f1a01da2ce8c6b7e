import { z } from 'zod';
import { secondFactorStatusSchema } from './staff-auth.js';
import { withdrawalSchema } from './withdrawals.js';
import { STAFF_ROLES } from './staff-roles.js';

/** The agency back office (DESIGN.md §9). Staff have their own login and session (cookie staff_sid). */
export { MONEY_ROLES, OWNER_ONLY, PLAYER_ROLES, STAFF_ROLES, type StaffRole } from './staff-roles.js';
export const staffRoleSchema = z.enum(STAFF_ROLES);

export const staffLoginBodySchema = z.object({
  username: z.string().min(1, 'username.validation.required').max(64),
  password: z.string().min(1, 'password.validation.required').max(256),
});
export type StaffLoginBody = z.infer<typeof staffLoginBodySchema>;

export const staffSchema = z.object({ id: z.string(), username: z.string(), role: staffRoleSchema });
/** the login's and GET /me's answer: who, and where the session stands with the second factor */
export const staffSessionResponseSchema = z.object({ staff: staffSchema, secondFactor: secondFactorStatusSchema });
export type StaffSessionResponse = z.infer<typeof staffSessionResponseSchema>;

/** A withdrawal as staff see it: the player's display fields plus who it belongs to and how it ended. */
export const backofficeWithdrawalSchema = withdrawalSchema.extend({
  playerId: z.string(),
  playerUsername: z.string(),
  bankReference: z.string().nullable(),
  decidedBy: z.string().nullable(),
  /** over the agency's amount when asked: two different staff users approve it (decision 163) */
  twoApprovals: z.boolean(),
  /** the first of the two approvals, while it waits for the second */
  firstApproval: z.object({ staffUsername: z.string(), at: z.string() }).nullable(),
});
export type BackofficeWithdrawal = z.infer<typeof backofficeWithdrawalSchema>;

export const backofficeWithdrawalResponseSchema = z.object({ withdrawal: backofficeWithdrawalSchema });

/** The longest bank reference an approval takes, and the longest reason a rejection gives the player. */
export const BANK_REFERENCE_MAX = 128;
export const REJECT_REASON_MAX = 500;

export const approveWithdrawalBodySchema = z.object({
  bankReference: z.string().trim().min(1, 'backoffice.validation.bank_reference_required').max(BANK_REFERENCE_MAX),
});
export const rejectWithdrawalBodySchema = z.object({
  reason: z.string().trim().min(1, 'backoffice.validation.reason_required').max(REJECT_REASON_MAX),
});
