/**
 * The agency a request is for, as the player site reads it.
 * The module's one public surface: other modules and the composition root import only this file
 * (decision 150).
 */
export { agencyRoutes } from './agency.routes.js';
export { addAgencyHosts, createAgency, EMPTY_SOCIAL, normalHost, removeAgencyHost, type NewAgency } from './agency-admin.js';
