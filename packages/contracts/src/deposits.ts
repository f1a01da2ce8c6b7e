import { z } from 'zod';
import { amountSchema } from './money.js';
import { bankCodeSchema, orderStatusSchema, pageResponseSchema, providerIdSchema } from './common.js';

/**
 * Deposit by LAO QR (SPEC.md §5, DESIGN.md §5, docs/decisions/014-deposits.md). Amounts are LAK
 * whole kip and THB credit as decimal strings; the rate is the sell rate the order was priced at.
 */
export const DEPOSIT_EXPIRY_MINUTES = 10;

export const createDepositSchema = z.object({
  providerId: providerIdSchema,
  mid: z.string().trim().min(1, 'mid.required').max(64),
  bank: bankCodeSchema,
  /** LAK, whole kip */
  amount: amountSchema('LAK'),
});
export type CreateDepositBody = z.infer<typeof createDepositSchema>;

export const depositIdParamsSchema = z.object({ id: z.uuid() });

export const depositOrderSchema = z.object({
  id: z.string(),
  transactionCode: z.string(),
  providerId: providerIdSchema,
  mid: z.string(),
  bank: bankCodeSchema,
  /** LAK paid (whole kip) */
  amount: z.string(),
  currency: z.literal('LAK'),
  /** THB credit it buys */
  credit: z.string(),
  creditCurrency: z.literal('THB'),
  /** LAK per 1 THB of credit, the sell rate used */
  rate: z.string(),
  status: orderStatusSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
});
export type DepositOrder = z.infer<typeof depositOrderSchema>;

export const depositResponseSchema = z.object({ order: depositOrderSchema });
export type DepositResponse = z.infer<typeof depositResponseSchema>;

export const openDepositResponseSchema = z.object({ order: depositOrderSchema.nullable() });
export type OpenDepositResponse = z.infer<typeof openDepositResponseSchema>;

export const depositListResponseSchema = pageResponseSchema(depositOrderSchema);
export type DepositListResponse = z.infer<typeof depositListResponseSchema>;

export const depositQrResponseSchema = z.object({
  /** the LAO QR payload (DESIGN.md §5a) */
  payload: z.string(),
  /** the QR code of the payload as an SVG document */
  svg: z.string(),
  amount: z.string(),
  bank: bankCodeSchema,
  expiresAt: z.string(),
});
export type DepositQrResponse = z.infer<typeof depositQrResponseSchema>;
