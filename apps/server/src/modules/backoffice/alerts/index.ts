/**
 * Staff alerts per agency: settings (owner), the periodic scan, the `staff_alert` jobs
 * (docs/decisions/112). The module's one public surface (decision 150).
 */
export { alertsRoutes } from './alerts.routes.js';
export { createAlertsService } from './alerts.service.js';
/** for the reconciliation (and any module with an event staff must hear of), after its own transaction */
export { raiseStaffAlert } from './alerts.raise.js';
export type { AlertsService, StaffAlertEvent } from './alerts.types.js';
