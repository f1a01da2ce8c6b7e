/**
 * Credit moved from one game provider to another in one step (decision 176).
 * The module's one public surface: other modules and the composition root import only this file
 * (decision 150).
 */
export { creditMovesRoutes } from './credit-moves.routes.js';
export { createCreditMovesService } from './credit-moves.service.js';
export type { CreditMovesService } from './credit-moves.types.js';
