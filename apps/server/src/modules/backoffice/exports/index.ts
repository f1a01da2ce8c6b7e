/**
 * CSV exports of deposits and withdrawals, and the CSV writer other exports reuse (decision 063).
 * The module's one public surface: other modules and the composition root import only this file
 * (decision 150).
 */
export { exportsRoutes } from './exports.routes.js';
export { BOM, csvLine, type CsvCell } from './exports.csv.js';
export { VIENTIANE_ZONE } from './exports.query.js';
