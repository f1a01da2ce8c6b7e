import { z } from 'zod';
import { staffRoleSchema } from './backoffice.js';
import { keysetResponseSchema } from './keyset.js';
import { enrolmentResponseSchema, invitationLinkSchema } from './staff-auth.js';

/** The owner's staff users screen (DESIGN.md §9; docs/decisions/051-staff-users-and-audit.md). */
export const staffUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  role: staffRoleSchema,
  active: z.boolean(),
  enrolled: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  /** when the live invitation's link ends; null when none is waiting (decision 110) */
  invitationExpiresAt: z.string().nullable(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;
/** The staff users by username, one keyset page at a time (docs/decisions/058). */
export const staffUsersResponseSchema = keysetResponseSchema(staffUserSchema);
export const staffUserResponseSchema = z.object({ user: staffUserSchema });

export const staffUsernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_.-]{3,64}$/, 'backoffice.validation.username_format');
/** A new staff user sets their own password through the invitation link answered (decision 110). */
export const createStaffUserBodySchema = z.object({
  username: staffUsernameSchema,
  role: staffRoleSchema,
});
export type CreateStaffUserBody = z.infer<typeof createStaffUserBodySchema>;
/** A staff user with the invitation link just issued (created, second factor reset, or a new link). */
export const invitedStaffUserResponseSchema = z.object({ user: staffUserSchema, invitation: invitationLinkSchema });
export type InvitedStaffUser = z.infer<typeof invitedStaffUserResponseSchema>;
/** What the invitation page shows: who is invited, and the second factor to scan (the secret made with the link). */
export const invitationResponseSchema = enrolmentResponseSchema.extend({
  username: z.string(),
  role: staffRoleSchema,
  expiresAt: z.string(),
});
export type InvitationResponse = z.infer<typeof invitationResponseSchema>;
export const staffRoleBodySchema = z.object({ role: staffRoleSchema });

/**
 * Every action the audit log records: the server writes only these (typed), and the back office shows
 * each by its translated name, never the code.
 */
export const AUDIT_ACTIONS = [
  'agency.bank_config',
  'agency.settings',
  'currency.update',
  'currency.rate_request',
  'currency.rate_approve',
  'currency.rate_reject',
  'deposit.refund',
  'deposit.retry_transfer',
  'export.deposits',
  'export.withdrawals',
  'export.report_providers',
  'export.report_players',
  'player.bank_account_change',
  'player.block',
  'player.unblock',
  'player.login_lock_lift',
  'player.password_reset',
  'player.promotion_block',
  'player.sessions_end',
  'promotion.create',
  'promotion.update',
  'promotion.deactivate',
  'promotion.image',
  'promotion.image_remove',
  'promotion_usage.cancel',
  'staff.create',
  'staff.disable',
  'staff.enable',
  'staff.role',
  'staff.login',
  'staff.logout',
  'staff.password_change',
  'staff.second_factor',
  'staff.second_factor_enrol',
  'staff.second_factor_reset',
  'transfer.recheck',
  'unmatched_payment.refund',
  'withdrawal.approve',
  'withdrawal.reject',
  'alerts.settings',
  'alerts.test',
  'player.exclusion',
  'reconciliation.confirm',
  'reconciliation.resolve',
  'reconciliation.run',
  'staff.invitation_accept',
  'transfer.resolve',
  'agency.create',
  'agency.disable',
  'agency.enable',
  'agency.hosts_add',
  'agency.hosts_remove',
  'agency.reject_reasons',
  'staff.invitation',
  'agency.provider_maintenance',
  'agency.provider_maintenance_end',
  'signal.decision',
  // risk rules (decisions 162, 163)
  'withdrawal.first_approve',
  'deposit.review_approve',
  'deposit.review_reject',
  'announcement.create',
  'announcement.update',
  'announcement.end',
  'announcement.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The audit log, newest first, one keyset page at a time. */
export const auditQuerySchema = z.object({
  staffId: z.uuid().optional(),
  action: z.string().trim().min(1).max(64).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  staffId: z.string().nullable(),
  staffUsername: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  /**
   * what was changed, by the name staff know it by (a username, a promotion's code, an order's
   * transaction code, a currency's code, …) and the player it belongs to, if any; null when it has no
   * name (an export) or is gone
   */
  target: z
    .object({
      name: z.string(),
      playerId: z.string().nullable(),
    })
    .nullable()
    .describe(
      "What the entry changed, by its name: a player's or staff member's username, a promotion's code, a usage's promotion code and player, an order's transaction code, a transfer's provider and player, an unmatched payment's bank reference, a currency's code, the agency's name, a bank's code; with the player it belongs to. Null for an export (its range is in `after`) or a target that is gone.",
    ),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({ items: z.array(auditEntrySchema), nextCursor: z.string().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;
