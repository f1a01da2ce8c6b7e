/**
 * `?page&pageSize` of the history screens, both optional: a bad or missing value means the first
 * page of 10. Plain code on purpose: a route's validateSearch is not code-split, so a schema
 * library here would land in the first page's JavaScript.
 */
export function validatePageSearch(search: Record<string, unknown>): { page?: number; pageSize?: number } {
  const int = (v: unknown, max: number) => {
    const n = Number(v);
    return Number.isInteger(n) && n >= 1 && n <= max ? n : undefined;
  };
  const page = int(search.page, 100_000);
  const pageSize = int(search.pageSize, 100);
  return { ...(page ? { page } : {}), ...(pageSize ? { pageSize } : {}) };
}
