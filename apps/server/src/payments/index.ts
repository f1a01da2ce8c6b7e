// The bank side of deposits, for the deposits module: see docs/decisions/008-lao-qr-and-bank-gateway.md.
export { bankConfigFor, laoQrFor, seedBankConfig, type BankConfig } from './bank-config.js';
export {
  BankGatewayRefusedError,
  BankGatewayUnavailableError,
  createBankGatewayClient,
  type BankGatewayClient,
  type BankOrderCreated,
  type BankOrderStatus,
  type CreateBankOrderInput,
} from './gateway-client.js';
export { BANK_CALLBACK_PATH, paymentsPlugin } from './plugin.js';
export { renderQrSvg } from './qr.js';
export { bankCallbackRoute, useRawJsonBody, type BankCallbackRouteOptions } from './raw-body.js';
export { callbackSignature, verifyCallback, type BankCallback } from './signing.js';
