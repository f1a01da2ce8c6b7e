/**
 * Game providers switched off for maintenance by an agency's staff (decision 175).
 * The module's one public surface: other modules and the composition root import only this file
 * (decision 150).
 */
export { providerMaintenanceRoutes, providerMaintenanceStaffRoutes } from './provider-maintenance.routes.js';
export { createProviderMaintenanceService } from './provider-maintenance.service.js';
export type { MaintenanceRead, ProviderMaintenanceService } from './provider-maintenance.types.js';
