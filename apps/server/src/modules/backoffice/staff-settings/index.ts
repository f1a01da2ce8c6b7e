/**
 * The agency's rates and settings.
 * The module's one public surface: other modules and the composition root import only this file
 * (decision 150).
 */
export { staffSettingsRoutes } from './staff-settings.routes.js';
export { createStaffSettingsService } from './staff-settings.service.js';
export type { StaffSettingsService } from './staff-settings.types.js';
