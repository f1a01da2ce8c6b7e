import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateCreditMoveBody, CreditMove } from '@app/contracts';
import { api, post } from '@/lib/api-client';

type MoveResponse = { move: CreditMove };

/** the statuses after which nothing more happens to a move */
export const MOVE_FINAL: readonly CreditMove['status'][] = ['DONE', 'FAILED', 'RETURNED'];

export const createCreditMove = (body: CreateCreditMoveBody, key: string) =>
  post<MoveResponse>('/v2/credit-moves', body, { headers: { 'idempotency-key': key } });

/** Moves credit (decision 176); every credit shown is stale once it answers. */
export function useCreateCreditMove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { body: CreateCreditMoveBody; key: string }) => createCreditMove(v.body, v.key),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['credits'] }),
  });
}

/** A move followed while it is under way (every second), then left alone; the credits refetched when it ends. */
export function useCreditMove(first: CreditMove | undefined) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['credit-moves', first?.id],
    queryFn: async () => {
      const { move } = await api<MoveResponse>(`/v2/credit-moves/${first!.id}`);
      if (MOVE_FINAL.includes(move.status)) void queryClient.invalidateQueries({ queryKey: ['credits'] });
      return move;
    },
    enabled: first !== undefined && !MOVE_FINAL.includes(first.status),
    initialData: first,
    refetchInterval: (q) => (q.state.data && MOVE_FINAL.includes(q.state.data.status) ? false : 1000),
    staleTime: 0,
  });
}
