import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ChangeBankAccountBody,
  PlayerDetailResponse,
  PlayerSearchField,
  PlayerSearchResponse,
  playerCreditsResponseSchema,
  playerDepositsResponseSchema,
  playerWithdrawalsResponseSchema,
} from '@app/contracts';
import { staffApi, staffPost } from './api';

const PAGE = 25;
const keys = {
  search: (by: PlayerSearchField, q: string) => ['backoffice', 'players', 'search', by, q] as const,
  player: (id: string) => ['backoffice', 'players', id] as const,
};

/** The search, one keyset page after another ("more" appends the next). */
export const playerSearchQueryOptions = (by: PlayerSearchField, q: string) =>
  infiniteQueryOptions({
    queryKey: keys.search(by, q),
    queryFn: ({ pageParam }) =>
      staffApi<PlayerSearchResponse>(
        `/v2/backoffice/players?${new URLSearchParams({ by, q, limit: String(PAGE), ...(pageParam ? { cursor: pageParam } : {}) })}`,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const playerDetailQueryOptions = (id: string) =>
  queryOptions({ queryKey: keys.player(id), queryFn: () => staffApi<PlayerDetailResponse>(`/v2/backoffice/players/${id}`) });

/** live at every provider: never fresh */
export const playerCreditsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...keys.player(id), 'credits'],
    queryFn: () => staffApi<z.infer<typeof playerCreditsResponseSchema>>(`/v2/backoffice/players/${id}/credits`),
    staleTime: 0,
  });

/** One line of a player's deposits or withdrawals: the fields the page shows of either. */
export interface OrderLine {
  id: string;
  transactionCode: string;
  createdAt: string;
  status: string;
  /** kip paid in (a deposit) or out (a withdrawal) */
  amountLak: string;
}

export const playerOrdersQueryOptions = (id: string, kind: 'deposits' | 'withdrawals') =>
  infiniteQueryOptions({
    queryKey: [...keys.player(id), kind],
    queryFn: async ({ pageParam }): Promise<{ items: OrderLine[]; nextCursor: string | null }> => {
      const path = `/v2/backoffice/players/${id}/${kind}?limit=10${pageParam ? `&cursor=${pageParam}` : ''}`;
      if (kind === 'deposits') {
        const page = await staffApi<z.infer<typeof playerDepositsResponseSchema>>(path);
        return { nextCursor: page.nextCursor, items: page.items.map((o) => ({ ...o, amountLak: o.amount })) };
      }
      const page = await staffApi<z.infer<typeof playerWithdrawalsResponseSchema>>(path);
      return { nextCursor: page.nextCursor, items: page.items.map((o) => ({ ...o, amountLak: o.amountReceived })) };
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** An action on a player; the page reads the player again after it. */
function usePlayerAction<B, R>(id: string, call: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: keys.player(id) }) });
}

export const useBlockPlayer = (id: string) =>
  usePlayerAction(id, (b: { blocked: boolean; reason: string }) =>
    staffPost<{ ok: true }>(`/v2/backoffice/players/${id}/${b.blocked ? 'block' : 'unblock'}`, { reason: b.reason }),
  );
export const useResetPassword = (id: string) =>
  usePlayerAction(id, () => staffPost<{ temporaryPassword: string }>(`/v2/backoffice/players/${id}/reset-password`));
export const useEndSessions = (id: string) =>
  usePlayerAction(id, (sessionId?: string) =>
    staffPost<{ ok: true }>(`/v2/backoffice/players/${id}/sessions/end`, sessionId ? { sessionId } : {}),
  );
export const usePromotionBlock = (id: string) =>
  usePlayerAction(id, (blocked: boolean) =>
    staffApi<{ ok: true }>(`/v2/backoffice/players/${id}/promotion-block`, { method: 'PUT', body: JSON.stringify({ blocked }) }),
  );
export const useChangeBankAccount = (id: string) =>
  usePlayerAction(id, (body: ChangeBankAccountBody) =>
    staffApi<{ bankAccount: unknown }>(`/v2/backoffice/players/${id}/bank-account`, { method: 'PUT', body: JSON.stringify(body) }),
  );
