import { z } from 'zod';

/**
 * The gateway's fault knobs and delivery settings (POST /bank/_faults merges, POST /bank/_faults/reset
 * clears). In memory on purpose: they are for tests and demos, and a restart clears them.
 */
export const bankFaultsSchema = z
  .object({
    /** wait this long before the first callback attempt (a late callback) */
    callbackDelayMs: z.number().int().min(0).max(600_000),
    /** send each callback this many extra times, at once (duplicated callbacks) */
    duplicateCallbacks: z.number().int().min(0).max(10),
    /** hold each callback until the next payment's callback has gone out, then send it (or after outOfOrderHoldMs) */
    outOfOrder: z.boolean(),
    outOfOrderHoldMs: z.number().int().min(0).max(600_000),
    /** never send callbacks: only the status API tells */
    noCallback: z.boolean(),
    /** the status API answers 503 */
    statusDown: z.boolean(),
    /** the status API keeps saying UNPAID this long after a payment (the callback outruns it) */
    statusLagMs: z.number().int().min(0).max(600_000),
    /** retry a refused callback after base, 2×base, 4×base… (capped at 30 s), at most this many attempts */
    callbackRetryBaseMs: z.number().int().min(1).max(60_000),
    callbackMaxAttempts: z.number().int().min(1).max(20),
    /** a paid QR can be paid again: the bank books a second payment and notifies it (a payer scanning twice) */
    repeatPayments: z.boolean(),
  })
  .strict();
export type BankFaults = z.infer<typeof bankFaultsSchema>;
export const bankFaultsPatchSchema = bankFaultsSchema.partial();

export const DEFAULT_BANK_FAULTS: Readonly<BankFaults> = {
  callbackDelayMs: 0,
  duplicateCallbacks: 0,
  outOfOrder: false,
  outOfOrderHoldMs: 2_000,
  noCallback: false,
  statusDown: false,
  statusLagMs: 0,
  callbackRetryBaseMs: 1_000,
  callbackMaxAttempts: 8,
  repeatPayments: false,
};
