import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { agencyBankConfig } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { isOnePayGateway } from './adapter.js';
import { OnePayListener, type OnePayMerchant } from './listener.js';

declare module 'fastify' {
  interface FastifyInstance {
    onePayListener: OnePayListener | null;
  }
}

/**
 * The OnePay listener of this instance (docs/decisions/133), started when the app is ready and closed
 * before the database. Its merchants: each agency whose BCEL protocol is `bcel-onepay`, read through
 * the agency's adapter (credentials decrypted there). Each message goes to the deposits as a notice.
 */
export const onePayListenerPlugin = fp(
  async (app: FastifyInstance) => {
    const { config, db, log } = app;
    if (!config.ONEPAY_LISTENER_ENABLED) {
      app.decorate('onePayListener', null);
      return;
    }
    async function merchants(): Promise<OnePayMerchant[]> {
      const rows = await db
        .select({ agencyId: agencyBankConfig.agencyId })
        .from(agencyBankConfig)
        .where(and(eq(agencyBankConfig.bank, 'bcel'), eq(agencyBankConfig.protocol, 'bcel-onepay')));
      const found: OnePayMerchant[] = [];
      for (const { agencyId } of rows) {
        try {
          const gateway = await app.bankGateways.for(agencyId, 'bcel');
          if (isOnePayGateway(gateway)) found.push(gateway.merchant);
        } catch (err) {
          log.warn({ err, agencyId }, 'OnePay credentials unreadable; this agency is not listened to');
        }
      }
      return found;
    }
    const listener = new OnePayListener({
      db,
      log,
      merchants,
      async onPayment(agencyId, message) {
        const gateway = await app.bankGateways.for(agencyId, 'bcel');
        const notice = { reference: message.uuid, bankReference: message.fccref, amountLak: BigInt(message.amount) };
        try {
          await app.services.deposits.callback(notice, { agencyId, gateway });
        } catch (err) {
          // a payment naming no order of ours is kept for staff by the callback itself: nothing else to do
          if (err instanceof AppError && err.code === 'NOT_FOUND') return;
          throw err;
        }
      },
      refreshMs: config.ONEPAY_REFRESH_MS,
      replayMs: 30 * 60_000,
      reconnectMs: config.ONEPAY_RECONNECT_MS,
      userId: `laocredit-${process.pid}`,
    });
    app.decorate('onePayListener', listener);
    app.addHook('onReady', async () => {
      await listener.start();
    });
    // before the deposits' confirmations and the database close
    app.addHook('preClose', async () => {
      await listener.close();
    });
  },
  { name: 'onepay-listener', dependencies: ['payments'] },
);
