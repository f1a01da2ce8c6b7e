import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpenDepositResponse } from '@app/contracts';
import { api } from '@/lib/api-client';
import { JUST_READ_MS } from '@/lib/query-client';
import { depositKeys } from './keys';

export const getOpenDeposit = () => api<OpenDepositResponse>('/v2/deposits/open');

/** The player's open order, shown again when they come back to the page. Asked afresh on each visit. */
export const openDepositQueryOptions = () =>
  queryOptions({ queryKey: depositKeys.open, queryFn: getOpenDeposit, select: (d) => d.order, staleTime: JUST_READ_MS });

export const useOpenDeposit = () => useQuery(openDepositQueryOptions());
