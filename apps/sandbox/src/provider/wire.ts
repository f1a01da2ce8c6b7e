import { z } from 'zod';
import { amountSchema, fromMinor, PROVIDER_IDS, toMinor, type ProviderId } from '@app/contracts';
import { ProviderApiError } from './errors.js';
import type { TransferRecord } from './wallet.js';

/** References and player ids travel in URLs: keep them to URL-safe characters. */
export const idSchema = z.string().regex(/^[A-Za-z0-9._:-]{1,100}$/, 'id.invalid');
/** A positive THB amount as a decimal string (`"100.50"`), parsed to satang. */
export const thbSchema = amountSchema('THB').transform((v) => toMinor(v, 'THB'));
/** Zero or more THB (a payout), parsed to satang. */
export const thbOrZeroSchema = z
  .string()
  .trim()
  .refine((v) => {
    try {
      toMinor(v, 'THB');
      return true;
    } catch {
      return false;
    }
  }, 'amount.invalid')
  .transform((v) => toMinor(v, 'THB'));
export const thb = (minor: bigint) => fromMinor(minor, 'THB');

export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.') || '_'}: ${i.message}`).join('; ');
    throw new ProviderApiError(400, 'VALIDATION_FAILED', detail);
  }
  return parsed.data;
}

export function providerOf(params: unknown): ProviderId {
  const id = (params as { providerId?: string }).providerId;
  if (!(PROVIDER_IDS as readonly string[]).includes(id ?? '')) {
    throw new ProviderApiError(404, 'PROVIDER_NOT_FOUND', `no provider ${String(id)}`);
  }
  return id as ProviderId;
}

export function transferJson(t: TransferRecord) {
  return {
    transferId: t.transferId,
    reference: t.reference,
    playerId: t.playerId,
    direction: t.direction,
    amount: thb(t.amount),
    status: t.status,
    reason: t.reason,
    balance: t.balanceAfter === null ? null : thb(t.balanceAfter),
  };
}
