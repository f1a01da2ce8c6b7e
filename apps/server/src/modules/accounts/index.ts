/**
 * Player accounts: registration, login, profile; the password hashing staff users share.
 * The module's one public surface: other modules and the composition root import only this file
 * (decision 150).
 */
export { accountsRoutes } from './accounts.routes.js';
export { createAccountsService } from './accounts.service.js';
export type { AccountsService } from './accounts.types.js';
export { createPasswordHasher, type PasswordHasher } from './passwords.js';
