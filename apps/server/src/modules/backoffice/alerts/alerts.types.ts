import type { AlertChannel, AlertEvent, AlertSettingsBody, AlertSettingsResponse, AlertTestResponse } from '@app/contracts';
import type { StaffActor } from '../../../audit/audit.js';
import type { Config } from '../../../config.js';
import type { Worker } from '../../../jobs/worker.js';
import type { ServiceDependencies } from '../../service-dependencies.js';

export type AlertsConfig = Pick<
  Config,
  'NODE_ENV' | 'CREDENTIALS_KEY' | 'SANDBOX_URL' | 'TELEGRAM_API_URL' | 'LINE_API_URL' | 'STAFF_ALERT_SCAN_SECONDS'
>;

export type AlertsServiceDependencies = ServiceDependencies & { config: AlertsConfig; worker: Worker };

/**
 * Something staff should hear about, once: `key` names it within the agency (a second raise of the
 * same key sends nothing), `params` are what its message says.
 */
export interface StaffAlertEvent {
  kind: AlertEvent;
  key: string;
  params: Record<string, string | number>;
}

/** The alert settings of an agency (owner only) and the scan that raises alerts (docs/decisions/112). */
export interface AlertsService {
  settings(agencyId: string): Promise<AlertSettingsResponse>;
  /** the settings and channels together, audited without the tokens */
  update(actor: StaffActor, body: AlertSettingsBody): Promise<AlertSettingsResponse>;
  /** sends a test message now through a channel set, answering how it went */
  test(actor: StaffActor, channel: AlertChannel): Promise<AlertTestResponse>;
  /** one pass of the periodic scan over every agency with alerts set; answers how many alerts it raised */
  scan(): Promise<number>;
}
