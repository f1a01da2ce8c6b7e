/**
 * Deposits by LAO QR, their bank callbacks and the kip staff pay back.
 * The module's one public surface: other modules and the composition root import only this file
 * (decision 150).
 */
export { depositCallbackRoutes } from './deposits.callback.js';
export { DEPOSIT_TRANSFER_KIND } from './deposits.book.js';
export { lockDeposit } from './deposits.review.js';
export { depositRoutes } from './deposits.routes.js';
export { createDepositsService } from './deposits.service.js';
export type { DepositsService } from './deposits.types.js';
export { depositView } from './deposits.view.js';
