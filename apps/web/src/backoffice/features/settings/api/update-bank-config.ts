import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BankCode, BankConfigBody, bankConfigResponseSchema } from '@app/contracts';
import { staffApi } from '@/backoffice/lib/api';
import { settingsKeys } from './keys';

export const updateBankConfig = (bank: BankCode, body: BankConfigBody) =>
  staffApi<z.infer<typeof bankConfigResponseSchema>>(`/v2/backoffice/agency/bank-config/${bank}`, {
    method: 'PUT',
    body: JSON.stringify(body),
  });

/** One bank's LAO QR merchant settings; the server refuses them unless a QR still builds from them. */
export function useUpdateBankConfig(bank: BankCode) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BankConfigBody) => updateBankConfig(bank, body),
    onSuccess: () => client.invalidateQueries({ queryKey: settingsKeys.all }),
  });
}
