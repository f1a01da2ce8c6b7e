// One file per area; each area owns its file and its migration (docs/decisions/005-sql-migrations.md).
// A convenience for the older imports: a new table's file is imported by its own path and needs no line here
// (decision 152); db/schema.test.ts reads every file of this folder.
export * from './platform.js';
export * from './accounts.js';
export * from './ledger.js';
export * from './bank-accounts.js';
export * from './payments.js';
export * from './deposits.js';
export * from './withdrawals.js';
export * from './backoffice.js';
export * from './promotions.js';
export * from './onepay.js';
export * from './alerts.js';
export * from './responsible-play.js';
export * from './reconciliation.js';
export * from './provider-maintenance.js';
export * from './fraud-signals.js';
export * from './reject-reasons.js';
export * from './credit-moves.js';
export * from './announcements.js';
export * from './play-time.js';
