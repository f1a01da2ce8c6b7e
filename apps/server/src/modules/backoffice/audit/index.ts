/**
 * The owner's audit log screen.
 * The module's one public surface: other modules and the composition root import only this file
 * (decision 150).
 */
export { auditRoutes } from './audit.routes.js';
