/**
 * Withdrawals: the player's, and the queue and decisions of the back office.
 * The module's one public surface: other modules and the composition root import only this file
 * (decision 150).
 */
export { withdrawalsRoutes } from './withdrawals.routes.js';
export { createWithdrawalsService } from './withdrawals.service.js';
export { withdrawalsStaffRoutes } from './withdrawals.staff-routes.js';
export type { WithdrawalsService } from './withdrawals.types.js';
export { toWithdrawal } from './withdrawals.view.js';
