import { z } from 'zod';

/**
 * Fraud signals (decision 164): pairs of players of one agency that may be one person,
 * written as the events happen, shown in the withdrawal queue and on the player's page.
 * - device: a fingerprint both sent;
 * - bank_account: the same account number (at any bank, on an account or a withdrawal);
 * - holder_name: the same account holder's name (case and spaces aside) at the same bank;
 * - registration_ip: registered from the same address within an hour of each other;
 * - bonus_ring: players of one device who took the same first-deposit promotion; it refuses every
 *   promotion to both until staff dismiss it (allow) — confirming it keeps them refused.
 */
export const FRAUD_SIGNAL_KINDS = ['device', 'bank_account', 'holder_name', 'registration_ip', 'bonus_ring'] as const;
export const fraudSignalKindSchema = z.enum(FRAUD_SIGNAL_KINDS);
export type FraudSignalKind = z.infer<typeof fraudSignalKindSchema>;

/** open: nobody decided yet; dismissed: staff judged it harmless; confirmed: staff judged it real (a ring stays blocked). */
export const FRAUD_SIGNAL_STATUSES = ['open', 'dismissed', 'confirmed'] as const;
export const fraudSignalStatusSchema = z.enum(FRAUD_SIGNAL_STATUSES);
export type FraudSignalStatus = z.infer<typeof fraudSignalStatusSchema>;

export const FRAUD_SIGNAL_REASON_MAX = 500;

/** One signal as a player's page shows it: the other player of the pair and what they share. */
export const fraudSignalSchema = z.object({
  id: z.uuid(),
  kind: fraudSignalKindSchema,
  status: fraudSignalStatusSchema,
  other: z.object({ id: z.uuid(), username: z.string() }),
  /** what they share: the fingerprint, the account number, the bank and name, the address, or the promotion's code */
  shared: z.string(),
  createdAt: z.string(),
  decision: z.object({ reason: z.string(), staffUsername: z.string().nullable(), decidedAt: z.string() }).nullable(),
});
export type FraudSignal = z.infer<typeof fraudSignalSchema>;

/** GET /v2/backoffice/players/:id/signals: open ones first, then the newest; at most 100. */
export const playerSignalsResponseSchema = z.object({ items: z.array(fraudSignalSchema) });
export type PlayerSignalsResponse = z.infer<typeof playerSignalsResponseSchema>;

/** POST /v2/backoffice/signals/:id/decision (owner and finance). A bonus ring's decision is the whole ring's. */
export const fraudSignalDecisionBodySchema = z.object({
  outcome: z.enum(['dismissed', 'confirmed']),
  reason: z.string().trim().min(1, 'backoffice.validation.reason_required').max(FRAUD_SIGNAL_REASON_MAX),
});
export type FraudSignalDecisionBody = z.infer<typeof fraudSignalDecisionBodySchema>;

/** On each queue row: how many signals of the player are not dismissed, and their kinds. */
export const queueSignalsSchema = z.object({ count: z.number().int(), kinds: z.array(fraudSignalKindSchema) });
export type QueueSignals = z.infer<typeof queueSignalsSchema>;
