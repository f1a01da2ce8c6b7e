import type { Limit } from '../../plugins/rate-limit.js';

/** What players may ask the bank gateway about their deposits (docs/decisions/040). */
export const DEPOSIT_LIMITS = {
  /** the bank gateway asked about one deposit order by its player's "check" or "cancel": once per 2–4 s */
  depositQuestionsPerOrder: { name: 'deposit-ask-order', max: 1, windowMs: 2000 },
  /** the "check" button across a player's orders (a canceled one may be checked too) */
  depositChecksPerPlayer: { name: 'deposit-check-player', max: 10, windowMs: 60_000 },
} satisfies Record<string, Limit>;
