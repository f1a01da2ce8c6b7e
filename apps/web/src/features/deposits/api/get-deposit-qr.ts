import { useQuery } from '@tanstack/react-query';
import type { DepositQrResponse } from '@app/contracts';
import { api } from '@/lib/api-client';
import { depositKeys } from './keys';

export const getDepositQr = (id: string) => api<DepositQrResponse>(`/v2/deposits/${id}/qr`);

/** The QR of an order never changes. */
export const useDepositQr = (id: string) =>
  useQuery({ queryKey: depositKeys.qr(id), queryFn: () => getDepositQr(id), staleTime: Infinity });
