export * from './errors.js';
export * from './money.js';
export * from './convert.js';
export * from './agency.js';
export * from './common.js';
export * from './auth.js';
export * from './bank-accounts.js';
// each area adds its own export line below (wallet, games, laoqr, deposits, withdrawals, backoffice, promotions)
export * from './laoqr.js';
export * from './wallet.js';
export * from './games.js';
export * from './deposits.js';
export * from './withdrawals.js';
export * from './backoffice.js';
export * from './promotions.js';
export * from './promotion-split.js';
export * from './promotion-messages.js';
