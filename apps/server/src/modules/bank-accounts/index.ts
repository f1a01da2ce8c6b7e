/**
 * A player's bank accounts.
 * The module's one public surface: other modules and the composition root import only this file
 * (decision 150).
 */
export { bankAccountRoutes } from './bank-accounts.routes.js';
export { createBankAccountsService } from './bank-accounts.service.js';
export type { BankAccountsService } from './bank-accounts.types.js';
