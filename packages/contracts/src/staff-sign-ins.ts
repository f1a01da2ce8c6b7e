import { z } from 'zod';
import { staffRoleSchema } from './backoffice.js';
import { keysetQuerySchema, keysetResponseSchema } from './keyset.js';

/**
 * The owner's list of staff sign-ins (`GET /v2/backoffice/staff/sign-ins`): each staff session of the
 * agency, newest first, in keyset pages; `staffId` keeps one staff member's (another agency's: 404).
 * Imported by its own path, `@app/contracts/staff-sign-ins` (decision 152).
 */
export const staffSignInsQuerySchema = keysetQuerySchema.extend({ staffId: z.uuid().optional() });
export type StaffSignInsQuery = z.infer<typeof staffSignInsQuerySchema>;

/** active: usable now; ended: signed out or ended by staff (password change, disabled); expired: idle or too old */
export const STAFF_SIGN_IN_STATES = ['active', 'ended', 'expired'] as const;
export type StaffSignInState = (typeof STAFF_SIGN_IN_STATES)[number];

export const staffSignInSchema = z.object({
  id: z.string(),
  staffId: z.string(),
  username: z.string(),
  role: staffRoleSchema,
  /** when the password was accepted (ISO) */
  at: z.string(),
  /** the client's address as the proxies told it; null when unknown */
  ip: z.string().nullable(),
  /** when the second factor was passed; null: never passed in this session */
  secondFactorAt: z.string().nullable(),
  lastSeenAt: z.string(),
  state: z.enum(STAFF_SIGN_IN_STATES),
});
export type StaffSignIn = z.infer<typeof staffSignInSchema>;

export const staffSignInsPageSchema = keysetResponseSchema(staffSignInSchema);
export type StaffSignInsPage = z.infer<typeof staffSignInsPageSchema>;
