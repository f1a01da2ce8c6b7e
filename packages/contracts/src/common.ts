import { z } from 'zod';
import { BANK_CODES } from './banks.js';
import { PROVIDER_IDS } from './providers.js';

export { CREDIT_PROVIDERS, PROVIDER_IDS, isProviderId, type ProviderId } from './providers.js';
export const providerIdSchema = z.enum(PROVIDER_IDS);

export { BANK_CODES, type BankCode } from './banks.js';
export const bankCodeSchema = z.enum(BANK_CODES);

/** REVIEW: a paid deposit held for staff review (decision 162) */
export const ORDER_STATUSES = ['OPEN', 'CANCELED', 'PAID', 'SUCCESS', 'FAILED', 'REJECTED', 'REVIEW'] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function pageResponseSchema<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });
}

export const LANGUAGES = ['lo', 'cn', 'vn', 'th'] as const;
export type Language = (typeof LANGUAGES)[number];
