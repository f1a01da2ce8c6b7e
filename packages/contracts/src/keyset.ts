import { z } from 'zod';

/**
 * A page of a back-office list read by keyset (docs/decisions/058): `cursor` is the opaque token the
 * previous page answered as `nextCursor`, absent for the first page; never a count of the whole list.
 */
export const KEYSET_MAX_LIMIT = 200;
export const keysetQuerySchema = z.object({
  cursor: z.string().min(1).max(512).optional(),
  limit: z.coerce.number().int().min(1).max(KEYSET_MAX_LIMIT).default(50),
});
export type KeysetQuery = z.infer<typeof keysetQuerySchema>;

export function keysetResponseSchema<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    items: z.array(item),
    /** null on the last page */
    nextCursor: z.string().nullable(),
  });
}
export interface KeysetPage<T> {
  items: T[];
  nextCursor: string | null;
}
