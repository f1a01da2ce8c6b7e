/**
 * The dashboard: the agency's figures and open queues.
 * The module's one public surface: other modules and the composition root import only this file
 * (decision 150).
 */
export { dashboardRoutes } from './dashboard.routes.js';
export { createDashboardService } from './dashboard.service.js';
export type { DashboardService } from './dashboard.types.js';
