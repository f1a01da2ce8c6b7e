/**
 * Reports per game provider and per player over a range of business days (decision 182).
 * The module's one public surface: other modules and the composition root import only this file
 * (decision 150).
 */
export { reportsRoutes } from './reports.routes.js';
export { netLak } from './reports.figures.js';
