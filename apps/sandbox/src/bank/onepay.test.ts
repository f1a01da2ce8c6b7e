import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildOnePayQr, onePayChannel } from '@app/contracts';
import { PubNubHub } from '../pubnub/hub.js';
import { startPart } from '../test-database.js';
import { bankSandbox } from './routes.js';
import { config } from './test-helpers.js';

const hub = new PubNubHub(60_000);
let bank: FastifyInstance;
beforeAll(async () => {
  bank = await startPart(bankSandbox, { config, pubnub: hub });
});
afterAll(async () => {
  await bank.close();
});

it('publishes a paid OnePay QR into the PubNub service it is given: the JSON string BCEL sends, from bcel-onepay, on the shop and transaction channels', async () => {
  const uuid = '0b5e6a1c-0000-4000-8000-000000000189';
  const payload = buildOnePayQr({ mcid: 'mchLAOCREDITDEMO', amountLak: 69_000n, invoice: 'D2611290189', uuid, terminal: 'WEB' });
  const res = await bank.inject({ method: 'POST', url: '/sandbox/bank/payments', payload: { payload } });
  expect(res.statusCode).toBe(200);
  const { bankReference } = res.json<{ bankReference: string }>();
  const channels = [onePayChannel('mchLAOCREDITDEMO', 'LCDEMO01'), `uuid-mchLAOCREDITDEMO-${uuid}`];
  // the notice goes out in the background
  for (const end = Date.now() + 5_000; hub.since(channels, 0n).length < 2 && Date.now() < end;) await new Promise((r) => setTimeout(r, 10));
  const messages = hub.since(channels, 0n);
  expect(messages.map((m) => [m.channel, m.publisher])).toEqual(channels.map((c) => [c, 'bcel-onepay']));
  for (const m of messages) {
    expect(typeof m.data).toBe('string');
    expect(JSON.parse(m.data as string)).toMatchObject({ uuid, amount: '69000', fccref: bankReference, shopcode: 'LCDEMO01' });
  }
  expect((await bank.inject({ method: 'GET', url: '/bank/_onepay' })).json<{ published: unknown[] }>().published).toHaveLength(2);
});
