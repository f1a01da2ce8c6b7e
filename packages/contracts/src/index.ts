export * from './errors.js';
export * from './money.js';
export * from './typed-amount.js';
export * from './convert.js';
export * from './agency.js';
export * from './common.js';
export * from './keyset.js';
export * from './auth.js';
export * from './bank-accounts.js';
// each area adds its own export line below (wallet, games, laoqr, deposits, withdrawals, backoffice, promotions)
export * from './laoqr.js';
export {
  LAO_QR_READ_ERRORS,
  readLaoQr,
  type LaoQrKind,
  type LaoQrReadError,
  type LaoQrReadErrorCode,
  type LaoQrReading,
  type LaoQrReadResult,
} from './laoqr-read.js';
export * from './onepay.js';
export * from './qr-inspect.js';
export * from './wallet.js';
export * from './games.js';
export * from './deposits.js';
export * from './withdrawals.js';
export * from './backoffice.js';
export * from './staff-auth.js';
export * from './staff-admin.js';
export * from './deposit-attention.js';
export * from './backoffice-money.js';
export * from './promotions.js';
export * from './promotion-split.js';
export * from './promotion-messages.js';
export * from './backoffice-players.js';
export * from './backoffice-settings.js';
export * from './provider-protocols.js';
export * from './alerts.js';
export * from './responsible-play.js';
export * from './reconciliation.js';
export * from './provider-maintenance.js';
export * from './fraud-signals.js';
export * from './withdrawal-desk.js';
export * from './credit-moves.js';
export * from './reports.js';
export * from './announcements.js';
export * from './play-time.js';
