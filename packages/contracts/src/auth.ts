import { z } from 'zod';
import { bankAccountSchema } from './bank-accounts.js';

/** Message keys (translated by the web) for the account forms. */
export const USERNAME_PATTERN = /^[a-z0-9_-]+$/;

/** Username rules of SPEC.md §5 with the agency's bounds (DESIGN.md §2: 6–20). */
export function usernameSchema(min: number, max: number) {
  return z
    .string({ error: 'username.validation.required' })
    .min(1, 'username.validation.required')
    .min(min, 'username.validation.min')
    .max(max, 'username.validation.max')
    .regex(USERNAME_PATTERN, 'username.validation.pattern');
}

export function passwordSchema(min: number, max: number) {
  return z
    .string({ error: 'password.validation.required' })
    .min(1, 'password.validation.required')
    .min(min, 'password.validation.min')
    .max(max, 'password.validation.max');
}

export interface AccountBounds {
  usernameMin: number;
  usernameMax: number;
  passwordMin: number;
  passwordMax: number;
}

export function registerBodySchema(b: AccountBounds) {
  return z
    .object({
      username: usernameSchema(b.usernameMin, b.usernameMax),
      password: passwordSchema(b.passwordMin, b.passwordMax),
      confirmPassword: z.string({ error: 'password.validation.required' }).min(1, 'password.validation.required'),
      fingerprint: z.string().min(1).max(128),
    })
    .refine((v) => v.password === v.confirmPassword, {
      path: ['confirmPassword'],
      message: 'password.validation.mismatch',
    });
}
export type RegisterBody = z.infer<ReturnType<typeof registerBodySchema>>;
/** Registration also sends the fingerprint in this header. */
export const FINGERPRINT_HEADER = 'x-fingerprint';

export const loginBodySchema = z.object({
  username: z.string().min(1, 'username.validation.required').max(64),
  password: z.string().min(1, 'password.validation.required').max(256),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const validateUsernameBodySchema = z.object({ username: z.string().max(256) });
export const validateUsernameResponseSchema = z.object({
  valid: z.boolean(),
  available: z.boolean(),
  /** message key when not valid or not available */
  reason: z.string().optional(),
});

/** SPEC.md §5: all three at least 8; confirmation must equal; keys under password.validation.*. */
export const PASSWORD_CHANGE_MIN = 8;
export const changePasswordBodySchema = z
  .object({
    currentPassword: z.string({ error: 'password.validation.required' }).min(PASSWORD_CHANGE_MIN, 'password.validation.min').max(256),
    newPassword: z.string({ error: 'password.validation.required' }).min(PASSWORD_CHANGE_MIN, 'password.validation.min').max(64),
    confirmNewPassword: z
      .string({ error: 'password.validation.please_enter_password' })
      .min(1, 'password.validation.please_enter_password')
      .min(PASSWORD_CHANGE_MIN, 'password.validation.min')
      .max(64),
  })
  .refine((v) => v.newPassword === v.confirmNewPassword, {
    path: ['confirmNewPassword'],
    message: 'password.validation.mismatch',
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    path: ['newPassword'],
    message: 'password.validation.same_as_current',
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const playerSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  createdAt: z.string(),
});
export const playerInfoResponseSchema = z.object({
  player: playerSchema,
  credential: z.object({
    username: z.string(),
    lastLoginAt: z.string().nullable(),
    /** staff reset the password: the site asks for a new one before anything else (decision 055) */
    mustChangePassword: z.boolean(),
  }),
  bankAccounts: z.array(bankAccountSchema),
});
export type PlayerInfoResponse = z.infer<typeof playerInfoResponseSchema>;

/** The answer of login and registration (both open a session). */
export const sessionResponseSchema = z.object({ player: playerSchema });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const okResponseSchema = z.object({ ok: z.literal(true) });

/** SPEC.md §3 device fingerprint payload. */
export const fingerprintBodySchema = z.object({
  screen: z.string().max(32),
  version: z.string().max(32),
  timezone: z.string().max(64),
  userAgent: z.string().max(512),
  plugins: z.string().max(2048),
  webGL: z.object({
    version: z.string().max(256),
    vendor: z.string().max(256),
    vendorUnmasked: z.string().max(256),
    renderer: z.string().max(256),
    rendererUnmasked: z.string().max(256),
    shadingLanguageVersion: z.string().max(256),
  }),
  audio: z.string().max(128),
  platform: z.string().max(128),
  fingerprint: z.string().min(1).max(128),
  memory: z.string().max(32),
  fonts: z.string().max(4096),
  languages: z.string().max(512),
  hardwareConcurrency: z.string().max(16),
  vendor: z.string().max(256),
});
export type FingerprintBody = z.infer<typeof fingerprintBodySchema>;

export const backlistResponseSchema = z.object({ isBlocked: z.boolean() });
