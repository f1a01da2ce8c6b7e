// The bank side of deposits, for the deposits module: see docs/decisions/008-lao-qr-and-bank-gateway.md.
export { bankConfigFor, bankConfigOf, bankConfigSql, laoQrFor, seedBankConfig, type BankConfig } from './bank-config.js';
export {
  BANK_PROTOCOLS,
  BankGatewayRefusedError,
  BankGatewayUnavailableError,
  type BankBill,
  type BankBillCreated,
  type BankBillStatus,
  type BankGateway,
  type BankNotice,
  type BankPayer,
  type BankProtocol,
  type BankTransaction,
} from './bank-gateway.js';
export { BANK_ADAPTERS } from './adapters.js';
export {
  BankConfigMissingError,
  createBankGateways,
  setBankProtocol,
  type AdapterContext,
  type BankAdapterFactories,
  type BankAdapterFactory,
  type BankGateways,
} from './bank-gateways.js';
export { createBankGatewayClient, type BankGatewayClient } from './gateway-client.js';
export { BANK_CALLBACK_PATH, BANK_NOTICES_PREFIX, paymentsPlugin } from './plugin.js';
export { onePayListenerPlugin } from './onepay/plugin.js';
export { isOnePayGateway, onePayCredentialsSchema, type OnePayCredentials } from './onepay/adapter.js';
export { renderQrSvg } from './qr.js';
export { bankCallbackRoute, useRawJsonBody, type BankCallbackRouteOptions } from './raw-body.js';
export { callbackSignature, verifyCallback, type BankCallback } from './signing.js';
