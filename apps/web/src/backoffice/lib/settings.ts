import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgencySettingsResponse, AgencySettingsUpdate, BankCode, BankConfigBody, bankConfigResponseSchema } from '@app/contracts';
import type { z } from 'zod';
import { staffApi } from './api';

const SETTINGS = ['backoffice', 'agency', 'settings'] as const;

/** The agency's bounds, social links and per-bank LAO QR merchant settings (owner; decision 056). */
export const agencySettingsQueryOptions = () =>
  queryOptions({ queryKey: SETTINGS, queryFn: () => staffApi<AgencySettingsResponse>('/v2/backoffice/agency/settings') });

/** The bounds and social links together (one PUT); the settings are read again after. */
export function useUpdateAgencySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AgencySettingsUpdate) =>
      staffApi<{ ok: true }>('/v2/backoffice/agency/settings', { method: 'PUT', body: JSON.stringify(body) }),
    onSuccess: () => client.invalidateQueries({ queryKey: SETTINGS }),
  });
}

/** One bank's LAO QR merchant settings; the server refuses them unless a QR still builds from them. */
export function useUpdateBankConfig(bank: BankCode) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BankConfigBody) =>
      staffApi<z.infer<typeof bankConfigResponseSchema>>(`/v2/backoffice/agency/bank-config/${bank}`, {
        method: 'PUT',
        body: JSON.stringify(body),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: SETTINGS }),
  });
}
