import { infiniteQueryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { playerDepositsResponseSchema, playerWithdrawalsResponseSchema } from '@app/contracts';
import { staffApi } from '@/backoffice/lib/api';
import { playerKeys } from './keys';

/** One line of a player's deposits or withdrawals: the fields the page shows of either. */
export interface OrderLine {
  id: string;
  transactionCode: string;
  createdAt: string;
  status: string;
  /** kip paid in (a deposit) or out (a withdrawal) */
  amountLak: string;
}

export async function getPlayerOrders(
  id: string,
  kind: 'deposits' | 'withdrawals',
  cursor: string,
): Promise<{ items: OrderLine[]; nextCursor: string | null }> {
  const path = `/v2/backoffice/players/${id}/${kind}?limit=10${cursor ? `&cursor=${cursor}` : ''}`;
  if (kind === 'deposits') {
    const page = await staffApi<z.infer<typeof playerDepositsResponseSchema>>(path);
    return { nextCursor: page.nextCursor, items: page.items.map((o) => ({ ...o, amountLak: o.amount })) };
  }
  const page = await staffApi<z.infer<typeof playerWithdrawalsResponseSchema>>(path);
  return { nextCursor: page.nextCursor, items: page.items.map((o) => ({ ...o, amountLak: o.amountReceived })) };
}

export const playerOrdersQueryOptions = (id: string, kind: 'deposits' | 'withdrawals') =>
  infiniteQueryOptions({
    queryKey: [...playerKeys.player(id), kind],
    queryFn: ({ pageParam }) => getPlayerOrders(id, kind, pageParam),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
