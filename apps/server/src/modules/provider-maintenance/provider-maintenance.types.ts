import type { ProviderId, ProviderMaintenance } from '@app/contracts';
import type { SQL } from 'drizzle-orm';
import type { StaffActor } from '../../audit/audit.js';
import type { ServiceDependencies } from '../service-dependencies.js';

export interface ProviderMaintenanceDependencies extends Pick<ServiceDependencies, 'db'> {
  /** the clock that ends a maintenance at its `until` */
  now: () => Date;
}

/** What `inForceSql` reads: null when the provider is open (JSON as text where the driver does not parse it). */
export type MaintenanceRead = { until: string | null } | string | null | undefined;

/** Providers an agency switched off for maintenance (decision 175). */
export interface ProviderMaintenanceService {
  /** the agency's providers in maintenance now */
  list(agencyId: string): Promise<ProviderMaintenance[]>;
  /** refuses (503 PROVIDER_MAINTENANCE) a deposit or a game launch at a provider in maintenance */
  assertOpen(agencyId: string, provider: string): Promise<void>;
  /**
   * `assertOpen` in two halves, for a caller that reads more in the same statement: a scalar
   * subquery (the maintenance in force as JSON, null when there is none)…
   */
  inForceSql(agencyId: string, provider: string): SQL;
  /** …and the refusal of what it read */
  assertOpenRead(provider: string, read: MaintenanceRead): void;
  /** staff switch a provider off until a time to come (or null: until switched back on), audited */
  switchOff(actor: StaffActor, provider: ProviderId, until: Date | null): Promise<ProviderMaintenance[]>;
  /** staff switch it back on, audited; 404 when it is not in maintenance */
  switchOn(actor: StaffActor, provider: ProviderId): Promise<ProviderMaintenance[]>;
}
