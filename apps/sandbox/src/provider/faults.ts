import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { PROVIDER_IDS } from '@app/contracts';

/** The provider API's operations a fault can be limited to. */
export const OPERATIONS = ['players', 'balance', 'transfer', 'status', 'games', 'launch', 'turnover'] as const;
export type Operation = (typeof OPERATIONS)[number];

/**
 * One fault knob (POST /providers/_faults). Everything is optional: a fault with no provider and no
 * operations hits every signed call; `count` limits it to the next N hits, `probability` makes each
 * matching call hit with that chance.
 */
export const faultSchema = z
  .object({
    providerId: z.enum(PROVIDER_IDS).optional(),
    operations: z.array(z.enum(OPERATIONS)).min(1).optional(),
    /** wait this long before doing anything */
    latencyMs: z.number().int().min(0).max(120_000).default(0),
    /** answer 500 without doing anything */
    fail5xx: z.boolean().default(false),
    /** do the work (commit), then hold the answer for holdMs or until the caller hangs up */
    timeoutAfterCommit: z.boolean().default(false),
    holdMs: z.number().int().min(0).max(600_000).default(60_000),
    /** refuse: a transfer is recorded as REFUSED (422); other calls answer 403 */
    refuse: z.boolean().default(false),
    /** answer 503 MAINTENANCE without doing anything */
    maintenance: z.boolean().default(false),
    count: z.number().int().min(1).optional(),
    probability: z.number().min(0).max(1).optional(),
  })
  .strict();
export type FaultInput = z.input<typeof faultSchema>;
export type Fault = z.infer<typeof faultSchema> & { id: number; hits: number };

/** In memory on purpose: knobs are for tests and demos, and a restart should clear them. */
export class FaultStore {
  private faults: Fault[] = [];
  private nextId = 1;

  add(input: z.infer<typeof faultSchema>): Fault {
    const fault: Fault = { ...input, id: this.nextId++, hits: 0 };
    this.faults.push(fault);
    return fault;
  }

  /** no knob set (outside tests and demos, always): `take` would find nothing */
  get empty(): boolean {
    return this.faults.length === 0;
  }

  list(): Fault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  clear(): number {
    const n = this.faults.length;
    this.faults = [];
    return n;
  }

  /** The first fault that hits this call, consuming one of its `count`. */
  take(providerId: string, operation: Operation): Fault | null {
    for (const fault of this.faults) {
      if (fault.providerId && fault.providerId !== providerId) continue;
      if (fault.operations && !fault.operations.includes(operation)) continue;
      if (fault.probability !== undefined && randomInt(1_000_000) >= fault.probability * 1_000_000) continue;
      fault.hits += 1;
      if (fault.count !== undefined && fault.hits >= fault.count) {
        this.faults = this.faults.filter((f) => f !== fault);
      }
      return { ...fault };
    }
    return null;
  }
}
