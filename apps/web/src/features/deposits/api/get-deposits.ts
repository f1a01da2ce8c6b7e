import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DepositListResponse } from '@app/contracts';
import { api } from '@/lib/api-client';
import { depositKeys } from './keys';

export const getDeposits = (page: number, pageSize: number) => api<DepositListResponse>(`/v2/deposits?page=${page}&pageSize=${pageSize}`);

export const depositsQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: depositKeys.list(page, pageSize),
    queryFn: () => getDeposits(page, pageSize),
    placeholderData: keepPreviousData,
  });

export const useDeposits = (page: number, pageSize: number) => useQuery(depositsQueryOptions(page, pageSize));
