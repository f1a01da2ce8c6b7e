import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { bankGatewayBaseUrl } from '../config.js';
import { credentialsKey } from '../lib/credentials.js';
import { BANK_ADAPTERS } from './adapters.js';
import { createBankGateways, type BankAdapterFactories, type BankGateways } from './bank-gateways.js';
import { createBankGatewayClient, type BankGatewayClient } from './gateway-client.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** the LAO QR bank gateway: orders, status by reference, callback verification */
    bankGateway: BankGatewayClient;
    /** the adapter each agency chose for each bank (agency_bank_config.protocol), `bankGateway` by default */
    bankGateways: BankGateways;
  }
}

export const BANK_CALLBACK_PATH = '/api/v2/payments/callback';
/** Every bank's notices come under this path (the sandbox protocol's callback and the banks' webhooks): signed, server to server. */
export const BANK_NOTICES_PREFIX = '/api/v2/payments/';

export interface PaymentsPluginOptions {
  /** tests may put another client in place */
  gateway?: BankGatewayClient;
  timeoutMs?: number;
  /** tests may put other adapters in place */
  factories?: BankAdapterFactories;
}

/**
 * Decorates `app.bankGateway`: base URL BANK_GATEWAY_URL, else SANDBOX_URL; requests signed with
 * BANK_GATEWAY_SECRET; callbacks to PUBLIC_URL + /api/v2/payments/callback, checked with BANK_CALLBACK_SECRET.
 */
export const paymentsPlugin = fp(
  async (app: FastifyInstance, opts: PaymentsPluginOptions) => {
    const { config } = app;
    app.decorate(
      'bankGateway',
      opts.gateway ??
        createBankGatewayClient({
          baseUrl: bankGatewayBaseUrl(config),
          gatewaySecret: config.BANK_GATEWAY_SECRET,
          callbackSecret: config.BANK_CALLBACK_SECRET,
          callbackUrl: new URL(BANK_CALLBACK_PATH, config.PUBLIC_URL).toString(),
          timeoutMs: opts.timeoutMs ?? config.BANK_GATEWAY_TIMEOUT_MS,
        }),
    );
    app.decorate(
      'bankGateways',
      createBankGateways({
        db: app.db,
        key: credentialsKey(config),
        sandbox: app.bankGateway,
        factories: opts.factories ?? BANK_ADAPTERS,
        timeoutMs: opts.timeoutMs ?? config.BANK_GATEWAY_TIMEOUT_MS,
        publicUrl: config.PUBLIC_URL,
        sandboxUrl: config.SANDBOX_URL,
      }),
    );
  },
  { name: 'payments' },
);
