/**
 * The back office's reconciliation with the banks (docs/decisions/139).
 * The module's one public surface (decision 150).
 */
export { reconciliationRoutes } from './reconciliation.routes.js';
export { createReconciliationService, type ReconciliationService } from './reconciliation.service.js';
