/**
 * A route option that Fastify takes as one value or a list (its method, its hooks) as a list: for the
 * onRoute hooks that add a hook to some routes (idempotency, the session caches' forget-on-change).
 */
export function toArray<T>(v: T | T[] | undefined): T[] {
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}
