import Fastify, { type FastifyInstance } from 'fastify';
import type { SandboxConfig } from './config.js';
import { providerSandbox } from './provider/index.js';
import { bankSandbox } from './bank/routes.js';
import { PubNubHub } from './pubnub/hub.js';
import { pubnubSandbox } from './pubnub/routes.js';
import { alertsSandbox } from './alerts/routes.js';

/**
 * The outside world's stand-in (DESIGN.md §1): game providers, the bank QR gateway, Telegram and LINE, reached by the
 * server only over HTTP. Buildable without listening, like the server.
 */
export async function buildSandbox(config: SandboxConfig): Promise<FastifyInstance> {
  // close every connection on shutdown: held answers (fault knobs) and keep-alive sockets never delay it
  // its plugins open and migrate embedded databases, which on a loaded machine outlast Fastify's
  // default plugin timeout and would stop the start
  const app = Fastify({ logger: { level: config.LOG_LEVEL }, forceCloseConnections: true, pluginTimeout: 120_000 });
  app.get('/health', async () => ({ ok: true }));
  await app.register(providerSandbox, { prefix: '/providers', config });
  // @sandbox:provider
  // one PubNub service: its HTTP face for the merchants, and the sandbox's BCEL publishing into it in-process
  const pubnub = new PubNubHub(config.PUBNUB_RETENTION_MS);
  await app.register(pubnubSandbox, {
    subscribeKey: config.ONEPAY_SUBSCRIBE_KEY,
    publishKey: config.ONEPAY_PUBLISH_KEY,
    holdMs: config.PUBNUB_HOLD_MS,
    hub: pubnub,
  });
  await app.register(bankSandbox, { config, pubnub });
  // @sandbox:bank
  // Telegram and LINE for the staff alerts
  await app.register(alertsSandbox);
  return app;
}
