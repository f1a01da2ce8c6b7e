import type { Limit } from '../../plugins/rate-limit.js';

const MINUTE = 60_000;

/** The accounts' budgets besides logging in (plugins/login-throttle.ts): DESIGN.md §10, the numbers ours (docs/decisions/006). */
export const ACCOUNT_LIMITS = {
  /** wrong current passwords in a password change, per player (the session's holder is the only one who can fail it) */
  passwordChangeFailures: { name: 'password-change-fail', max: 5, windowMs: 15 * MINUTE },
  registerPerIp: { name: 'register-ip', max: 20, windowMs: 60 * MINUTE },
  usernameCheckPerIp: { name: 'username-ip', max: 60, windowMs: MINUTE },
} satisfies Record<string, Limit>;
