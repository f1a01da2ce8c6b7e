import { useSearch } from '@tanstack/react-router';

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

/**
 * `?page&pageSize` of a history route, page 1 of 10 by default. Not strict (`shouldThrow: false`): a
 * page being left can still render once while the next route loads (Preact's Suspense, decision 018),
 * and a strict read of a route that is no longer matched throws, which would lose the pending screen.
 */
export function usePageSearch(from: '/player/deposit/history' | '/player/withdraw/history' | '/player/promotion/history'): {
  page: number;
  pageSize: number;
} {
  const search = useSearch({ from, shouldThrow: false });
  return { page: search?.page ?? 1, pageSize: search?.pageSize ?? 10 };
}
