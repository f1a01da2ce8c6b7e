import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { bankGatewayBaseUrl } from '../config.js';
import { createBankGatewayClient, type BankGatewayClient } from './gateway-client.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** the LAO QR bank gateway: orders, status by reference, callback verification */
    bankGateway: BankGatewayClient;
  }
}

export const BANK_CALLBACK_PATH = '/api/v2/payments/callback';

export interface PaymentsPluginOptions {
  /** tests may put another client in place */
  gateway?: BankGatewayClient;
  timeoutMs?: number;
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
  },
  { name: 'payments' },
);
