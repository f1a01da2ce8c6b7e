/**
 * Deposits needing attention.
 * The module's one public surface: other modules and the composition root import only this file
 * (decision 150).
 */
export { attentionRoutes } from './attention.routes.js';
export { createAttentionService } from './attention.service.js';
export type { AttentionService } from './attention.types.js';
