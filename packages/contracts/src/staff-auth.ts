import { z } from 'zod';

/**
 * The back office's second factor (TOTP, RFC 6238; docs/decisions/049-staff-second-factor.md).
 * PASSED: the session reaches what its role allows. REQUIRED: enrolled, the 6-digit code (or a
 * recovery code) is asked. ENROL: owner and finance must enrol before anything else.
 */
export const SECOND_FACTOR_STATES = ['PASSED', 'REQUIRED', 'ENROL'] as const;
export const secondFactorStateSchema = z.enum(SECOND_FACTOR_STATES);
export type SecondFactorState = z.infer<typeof secondFactorStateSchema>;

/** A 6-digit code from the authenticator app. */
export const totpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'backoffice.validation.code_format');
/** A recovery code as shown: ten base32 letters and digits, in two groups of five. */
export const RECOVERY_CODE = /^[a-z2-7]{5}-?[a-z2-7]{5}$/;

export const secondFactorBodySchema = z.object({
  code: z
    .string()
    .trim()
    .toLowerCase()
    .refine((c) => /^\d{6}$/.test(c) || RECOVERY_CODE.test(c), 'backoffice.validation.code_format'),
});
export type SecondFactorBody = z.infer<typeof secondFactorBodySchema>;

export const secondFactorStatusSchema = z.object({
  state: secondFactorStateSchema,
  enrolled: z.boolean(),
  /** owner and finance may not work without it */
  mandatory: z.boolean(),
});

/** Enrolment started: the secret as a QR code of its otpauth:// URI and as text (shown until confirmed). */
export const enrolmentResponseSchema = z.object({ secret: z.string(), uri: z.string(), qrSvg: z.string() });
export type EnrolmentResponse = z.infer<typeof enrolmentResponseSchema>;
export const enrolmentConfirmBodySchema = z.object({ code: totpCodeSchema });
/** Ten single-use recovery codes, shown once at enrolment. */
export const recoveryCodesResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

export const STAFF_PASSWORD_MIN = 10;
export const staffPasswordSchema = z.string().min(STAFF_PASSWORD_MIN, 'backoffice.validation.password_short').max(256);
export const changeStaffPasswordBodySchema = z.object({
  currentPassword: z.string().min(1, 'password.validation.required').max(256),
  newPassword: staffPasswordSchema,
});
export type ChangeStaffPasswordBody = z.infer<typeof changeStaffPasswordBodySchema>;

/**
 * A staff invitation (docs/decisions/110-staff-invitations.md): the one-time link's token, read from
 * the page's fragment (`/backoffice/invitation#token`, never sent in a URL), valid 72 hours.
 */
export const INVITATION_HOURS = 72;
export const invitationTokenSchema = z
  .string()
  .trim()
  // the length too, not only the pattern: the OpenAPI document then bounds it (the route fuzz test generates from both)
  .length(43, 'backoffice.validation.invitation_invalid')
  .regex(/^[A-Za-z0-9_-]{43}$/, 'backoffice.validation.invitation_invalid');
export const invitationOpenBodySchema = z.object({ token: invitationTokenSchema });
/** The password and the first code, taken together: a password alone never enrols a second factor. */
export const invitationAcceptBodySchema = z.object({ token: invitationTokenSchema, password: staffPasswordSchema, code: totpCodeSchema });
export type InvitationAcceptBody = z.infer<typeof invitationAcceptBodySchema>;
/** A link to give the invited person (answered once, to the owner or operator who asked for it). */
export const invitationLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type InvitationLink = z.infer<typeof invitationLinkSchema>;
