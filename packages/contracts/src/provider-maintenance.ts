import { z } from 'zod';
import { providerIdSchema } from './common.js';

/** A provider the agency switched off for maintenance (decision 175); `until` null: until staff switch it back on. */
export const providerMaintenanceSchema = z.object({
  provider: providerIdSchema,
  until: z.iso.datetime({ offset: true }).nullable(),
});
export type ProviderMaintenance = z.infer<typeof providerMaintenanceSchema>;

/** The providers in maintenance now (an ended `until` is no longer listed). */
export const providerMaintenanceResponseSchema = z.object({ maintenance: z.array(providerMaintenanceSchema) });
export type ProviderMaintenanceResponse = z.infer<typeof providerMaintenanceResponseSchema>;

/** Staff switch a provider off: `until` a time to come, or null for until switched back on. */
export const providerMaintenanceBodySchema = z.object({
  until: z.iso.datetime({ offset: true }).nullable(),
});
export type ProviderMaintenanceBody = z.infer<typeof providerMaintenanceBodySchema>;

export const providerMaintenanceParamsSchema = z.object({ provider: providerIdSchema });
