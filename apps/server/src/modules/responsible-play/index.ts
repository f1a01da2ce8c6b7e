/**
 * Responsible play: deposit limits, cooling-off and self-exclusion (decision 160).
 * The module's one public surface: other modules and the composition root import only this file
 * (decision 150).
 */
export { responsiblePlayRoutes } from './responsible-play.routes.js';
export { createResponsiblePlayService } from './responsible-play.service.js';
export { responsiblePlayStaffRoutes } from './responsible-play.staff-routes.js';
export type { PlayerRef, ResponsiblePlayService } from './responsible-play.types.js';
