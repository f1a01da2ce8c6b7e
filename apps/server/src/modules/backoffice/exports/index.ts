/**
 * CSV exports of deposits and withdrawals.
 * The module's one public surface: other modules and the composition root import only this file
 * (decision 150).
 */
export { exportsRoutes } from './exports.routes.js';
