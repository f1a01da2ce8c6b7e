/**
 * A player's credit at the providers.
 * The module's one public surface: other modules and the composition root import only this file
 * (decision 150).
 */
export { walletRoutes } from './wallet.routes.js';
export { createWalletService } from './wallet.service.js';
export type { WalletService } from './wallet.types.js';
