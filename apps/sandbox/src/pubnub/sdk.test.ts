import type { FastifyInstance } from 'fastify';
import PubNub from 'pubnub';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnePayQr, onePayChannel, readOnePayMessage } from '@app/contracts';
import { buildSandbox } from '../app.js';
import { sandboxConfigSchema } from '../config.js';

// keys and merchants invented for these tests
const config = sandboxConfigSchema.parse({
  SANDBOX_DATA_DIR: 'memory://',
  LOG_LEVEL: 'silent',
  PUBNUB_HOLD_MS: '1000',
  ONEPAY_SUBSCRIBE_KEY: 'sub-c-test-subscribe',
  ONEPAY_PUBLISH_KEY: 'pub-c-test-publish',
  ONEPAY_SHOPS: 'mchTESTSDK01:SHOPA',
});
const channel = onePayChannel('mchTESTSDK01', 'SHOPA');
let sandbox: FastifyInstance;
let origin: string;
const clients: PubNub[] = [];

function client(extra: Partial<PubNub.PubNubConfiguration> = {}): PubNub {
  const pn = new PubNub({ subscribeKey: config.ONEPAY_SUBSCRIBE_KEY, userId: `test-${clients.length}`, origin, ssl: false, ...extra });
  clients.push(pn);
  return pn;
}

/** Subscribes from `timetoken` and collects the messages of `channel`. */
function listen(pn: PubNub, timetoken: string) {
  const got: PubNub.Subscription.Message[] = [];
  const connected = new Promise<void>((resolve) =>
    pn.addListener({ status: (s) => s.category === 'PNConnectedCategory' && resolve(), message: (m) => void got.push(m) }),
  );
  pn.subscribe({ channels: [channel], timetoken });
  return { got, connected };
}

const until = async (check: () => boolean, ms = 5_000) => {
  for (const end = Date.now() + ms; !check(); await new Promise((r) => setTimeout(r, 20)))
    if (Date.now() > end) throw new Error('timed out');
};
const thirtyMinutesAgo = () => `${Date.now() - 30 * 60_000}0000`;

async function pay(uuid: string, amountLak = 69_000n) {
  const payload = buildOnePayQr({ mcid: 'mchTESTSDK01', amountLak, invoice: 'D2611290001', uuid, terminal: 'WEB' });
  const res = await sandbox.inject({ method: 'POST', url: '/sandbox/bank/payments', payload: { payload, bank: 'jdb' } });
  expect(res.statusCode).toBe(200);
  return res.json<{ bankReference: string; channel: string }>();
}

beforeAll(async () => {
  sandbox = await buildSandbox(config);
  await sandbox.listen({ port: 0, host: '127.0.0.1' });
  const address = sandbox.server.address();
  origin = `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  for (const pn of clients) pn.destroy();
  await sandbox.close();
});

describe('the PubNub-compatible service, through the official SDK', () => {
  it('delivers the bank’s OnePay payment message, as a JSON string from the bank', async () => {
    const { got, connected } = listen(client(), thirtyMinutesAgo());
    await connected;
    const paid = await pay('0b5e6a1c-0000-4000-8000-000000000001');
    expect(paid.channel).toBe(channel);
    await until(() => got.some((m) => typeof m.message === 'string' && m.message.includes(paid.bankReference)));
    const m = got.find((x) => String(x.message).includes(paid.bankReference))!;
    expect(m.publisher).toBe('bcel-onepay');
    expect(m.channel).toBe(channel);
    expect(m.timetoken).toMatch(/^\d{17}$/);
    expect(readOnePayMessage(m.message)).toMatchObject({
      uuid: '0b5e6a1c-0000-4000-8000-000000000001',
      amount: '69000',
      fccref: paid.bankReference,
      mcid: 'mchTESTSDK01',
      shopcode: 'SHOPA',
    });
  });

  it('delivers the messages of the last 30 minutes again to a subscriber coming back with an old timetoken', async () => {
    const paid = await pay('0b5e6a1c-0000-4000-8000-000000000002');
    const again = listen(client(), thirtyMinutesAgo());
    await until(() => again.got.some((m) => String(m.message).includes(paid.bankReference)));
    // one from now on gets only what is published later
    const fresh = listen(client(), `${Date.now()}0000`);
    await fresh.connected;
    const later = await pay('0b5e6a1c-0000-4000-8000-000000000003');
    await until(() => fresh.got.some((m) => String(m.message).includes(later.bankReference)));
    expect(fresh.got.some((m) => String(m.message).includes(paid.bankReference))).toBe(false);
  });

  it('refuses a publish without the bank’s publish key: only the bank publishes', async () => {
    const forger = client({ publishKey: 'pub-c-not-the-bank' });
    await expect(forger.publish({ channel, message: JSON.stringify({ uuid: 'x', amount: '690000000' }) })).rejects.toMatchObject({
      status: { statusCode: 403 },
    });
    const bare = await sandbox.inject({ method: 'GET', url: `/publish//${config.ONEPAY_SUBSCRIBE_KEY}/0/${channel}/0/%22x%22` });
    expect(bare.statusCode).toBe(403);
    // the bank's key publishes
    const bank = client({ publishKey: config.ONEPAY_PUBLISH_KEY });
    await expect(bank.publish({ channel: 'other', message: 'ok' })).resolves.toMatchObject({
      timetoken: expect.stringMatching(/^\d{17}$/),
    });
  });

  it('applies the bank’s fault knobs to OnePay messages: a duplicated notice is published twice', async () => {
    await sandbox.inject({ method: 'POST', url: '/bank/_faults', payload: { duplicateCallbacks: 1 } });
    try {
      const paid = await pay('0b5e6a1c-0000-4000-8000-000000000004');
      const copies = async () => {
        const { published } = (await sandbox.inject({ method: 'GET', url: '/bank/_onepay' })).json<{
          published: Array<{ channel: string; fccref: string; copy: number }>;
        }>();
        return published.filter((p) => p.fccref === paid.bankReference && p.channel === channel);
      };
      let found = await copies();
      for (let i = 0; i < 100 && found.length < 2; i++) {
        await new Promise((r) => setTimeout(r, 20));
        found = await copies();
      }
      expect(found.map((p) => p.copy).sort()).toEqual([0, 1]);
    } finally {
      await sandbox.inject({ method: 'POST', url: '/bank/_faults/reset' });
    }
  });

  it('refuses a subscribe key it does not know', async () => {
    const res = await sandbox.inject({ method: 'GET', url: `/v2/subscribe/sub-c-wrong/${channel}/0?tt=0` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: true, message: 'Invalid Subscribe Key' });
  });

  it('pays an unknown merchant’s OnePay QR with a clear refusal', async () => {
    const payload = buildOnePayQr({ mcid: 'mchNOBODY', amountLak: 1000n, invoice: 'X1', uuid: 'u-1' });
    const res = await sandbox.inject({ method: 'POST', url: '/sandbox/bank/payments', payload: { payload } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'MERCHANT_NOT_FOUND' } });
  });
});
