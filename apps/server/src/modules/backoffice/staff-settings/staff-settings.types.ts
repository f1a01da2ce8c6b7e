import type { z } from 'zod';
import type {
  AgencySettingsResponse,
  AgencySettingsUpdate,
  BankCode,
  BankConfigBody,
  CurrencyRatesBody,
  RejectReasonsBody,
  RejectReasonsResponse,
  StaffCurrency,
  bankConfigSchema,
  rateChangeSchema,
} from '@app/contracts';
import type { StaffActor } from '../../../audit/audit.js';
import type { ServiceDependencies } from '../../service-dependencies.js';

export type StaffSettingsServiceDependencies = Pick<ServiceDependencies, 'db'>;

/** Currencies and rates (finance, owner) and the agency's settings (owner): DESIGN.md §2, §3, §5a, §9. */
export interface StaffSettingsService {
  currencies(agencyId: string): Promise<{ currencies: StaffCurrency[]; rateChangeBoundPercent: number }>;
  /** buy and sell (and whether players see it): the change, its history row and its audit row together */
  updateRates(actor: StaffActor, id: string, body: CurrencyRatesBody): Promise<{ currency: StaffCurrency }>;
  /** a second staff user applies the change waiting beyond the bound */
  approveRates(actor: StaffActor, id: string): Promise<{ currency: StaffCurrency }>;
  /** the waiting change dropped */
  rejectRates(actor: StaffActor, id: string): Promise<{ currency: StaffCurrency }>;
  rateHistory(
    agencyId: string,
    id: string,
    cursor: string | undefined,
    limit: number,
  ): Promise<{ items: z.infer<typeof rateChangeSchema>[]; nextCursor: string | null }>;
  agencySettings(agencyId: string): Promise<AgencySettingsResponse>;
  updateAgencySettings(actor: StaffActor, body: AgencySettingsUpdate): Promise<void>;
  /** the preset reasons for rejecting a withdrawal (the defaults until the owner saves a list) */
  rejectReasons(agencyId: string): Promise<RejectReasonsResponse>;
  /** the owner's list replaces the agency's, audited */
  updateRejectReasons(actor: StaffActor, body: RejectReasonsBody): Promise<RejectReasonsResponse>;
  /** refused unless a QR still builds from it */
  updateBankConfig(actor: StaffActor, bank: BankCode, body: BankConfigBody): Promise<{ bankConfig: z.infer<typeof bankConfigSchema> }>;
}
