import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnePayQr, type OnePayMessage } from '@app/contracts';
import { count, eq } from 'drizzle-orm';
import { onepayPayments } from '../../db/schema/index.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { startSandbox, type TestSandbox } from '../../test/sandbox.js';
import { OnePayListener, type OnePayMerchant } from './listener.js';
import { onePayStatus } from './store.js';

// merchants and keys invented for this test; the sandbox's BCEL knows SHOP1 of the first only
const MCID = 'mchLISTENTEST1';
let db: TestDatabase;
let sandbox: TestSandbox;
let listener: OnePayListener;
const heard: Array<{ agencyId: string; message: OnePayMessage }> = [];
let merchants: OnePayMerchant[];

async function pay(uuid: string, amountLak = 50_000n, mcid = MCID, typed?: bigint) {
  const payload = buildOnePayQr({ mcid, amountLak, invoice: 'D2611290042', uuid });
  const res = await sandbox.app.inject({
    method: 'POST',
    url: '/sandbox/bank/payments',
    payload: { payload, bank: 'ldb', ...(typed ? { amount: typed.toString() } : {}) },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ bankReference: string }>();
}
const until = async (check: () => boolean | Promise<boolean>, ms = 10_000) => {
  for (const end = Date.now() + ms; !(await check()); await new Promise((r) => setTimeout(r, 25)))
    if (Date.now() > end) throw new Error('timed out');
};
const rows = async () => (await db.db.select({ n: count() }).from(onepayPayments))[0]!.n;

beforeAll(async () => {
  [db, sandbox] = await Promise.all([
    createTestDatabase(),
    startSandbox({ ONEPAY_SHOPS: `${MCID}:SHOP1,mchOTHERAGENCY:SHOPX`, PUBNUB_HOLD_MS: '1000' }),
  ]);
  const origin = sandbox.url.replace('http://', '');
  const subscribeKey = sandbox.config.ONEPAY_SUBSCRIBE_KEY;
  merchants = [{ agencyId: db.agencyId, mcid: MCID, shopcode: 'SHOP1', subscribeKey, origin, ssl: false }];
  listener = new OnePayListener({
    db: db.db,
    log: pino({ level: 'silent' }),
    merchants: async () => merchants,
    onPayment: async (agencyId, message) => void heard.push({ agencyId, message }),
    refreshMs: 60_000,
    replayMs: 30 * 60_000,
    reconnectMs: 100,
    userId: 'server-test',
  });
  await listener.start();
}, 120_000);
afterAll(async () => {
  await listener?.close();
  await sandbox?.close();
  await db?.close();
});

describe('OnePayListener, with the official SDK against the sandbox', () => {
  it('hears a payment on the agency’s channel, keeps it once and hands it on', async () => {
    const paid = await pay('uuid-listen-0001');
    await until(() => heard.some((h) => h.message.fccref === paid.bankReference));
    await listener.idle();
    expect(heard.find((h) => h.message.fccref === paid.bankReference)).toMatchObject({
      agencyId: db.agencyId,
      message: { uuid: 'uuid-listen-0001', amount: '50000', mcid: MCID },
    });
    expect(await onePayStatus(db.db, db.agencyId, 'uuid-listen-0001')).toMatchObject({
      status: 'PAID',
      bankReference: paid.bankReference,
      amountLak: 50_000n,
      currency: 'LAK',
    });
    expect(await onePayStatus(db.db, db.agencyId, 'uuid-never-paid')).toEqual({ status: 'UNPAID', reference: 'uuid-never-paid' });
  });

  it('keeps a payment of another amount than the QR’s with the amount paid (the deposits compare it with the order)', async () => {
    const paid = await pay('uuid-listen-wrong1', 50_000n, MCID, 45_000n);
    await until(() => heard.some((h) => h.message.fccref === paid.bankReference));
    await listener.idle();
    expect(await onePayStatus(db.db, db.agencyId, 'uuid-listen-wrong1')).toMatchObject({ status: 'PAID', amountLak: 45_000n });
  });

  it('hears the last 30 minutes again on a reconnect, and the messages heard before change nothing', async () => {
    const before = { ...listener.stats };
    const stored = await rows();
    listener.reconnect();
    await until(() => listener.stats.delivered >= before.delivered + before.recorded);
    await listener.idle();
    expect(listener.stats.recorded).toBe(before.recorded);
    expect(await rows()).toBe(stored);
    // the subscription goes on from there: a new payment is heard, and kept, once
    const during = await pay('uuid-listen-0002', 70_000n);
    await until(() => heard.some((h) => h.message.fccref === during.bankReference));
    await listener.idle();
    expect(listener.stats.recorded).toBe(before.recorded + 1);
    expect(await db.db.select().from(onepayPayments).where(eq(onepayPayments.fccref, during.bankReference))).toHaveLength(1);
  });

  it('reconnects by itself when the service drops every subscription, hears the 30 minutes again, and keeps nothing twice', async () => {
    const paid = await pay('uuid-listen-drop1', 30_000n);
    await until(() => heard.some((h) => h.message.fccref === paid.bankReference));
    await listener.idle();
    const before = { ...listener.stats };
    const stored = await rows();
    const stats = async () => (await sandbox.app.inject({ url: '/pubnub/_stats' })).json<{ redelivered: number; holding: number }>();
    const redelivered = (await stats()).redelivered;
    await until(async () => (await stats()).holding > 0);
    const dropped = await sandbox.app.inject({ method: 'POST', url: '/pubnub/_drop', payload: { ms: 300 } });
    expect(dropped.json<{ dropped: number }>().dropped).toBeGreaterThan(0);
    // nothing but the cut: the SDK's lost connection is what makes the listener subscribe again from 30 minutes back
    await until(async () => (await stats()).redelivered >= redelivered + before.recorded, 20_000);
    await until(() => listener.stats.delivered >= before.delivered + before.recorded, 20_000);
    await listener.idle();
    expect(listener.stats.recorded).toBe(before.recorded);
    expect(await rows()).toBe(stored);
  });

  it('ignores what is not a payment of the channel’s merchant, and never hears another merchant’s channel', async () => {
    const refused = listener.stats.refused;
    // the bank's own key (only the bank publishes): a message naming another mcid, and one that is not a payment
    const bankPublish = (message: unknown) =>
      sandbox.app.inject({
        method: 'GET',
        url: `/publish/${sandbox.config.ONEPAY_PUBLISH_KEY}/${sandbox.config.ONEPAY_SUBSCRIBE_KEY}/0/mcid-${MCID}-SHOP1/0/${encodeURIComponent(JSON.stringify(message))}`,
      });
    const wrongMerchant = {
      uuid: 'u-x',
      mcid: 'mchSOMEONEELSE',
      amount: '690000000',
      ccy: '418',
      fccref: 'FT-FORGED-1',
      txtime: new Date().toISOString(),
    };
    expect((await bankPublish(JSON.stringify(wrongMerchant))).statusCode).toBe(200);
    expect((await bankPublish('hello')).statusCode).toBe(200);
    await until(() => listener.stats.refused === refused + 2);
    const other = await pay('uuid-other-0001', 10_000n, 'mchOTHERAGENCY');
    await new Promise((r) => setTimeout(r, 300));
    await listener.idle();
    expect(heard.some((h) => h.message.fccref === other.bankReference || h.message.fccref === 'FT-FORGED-1')).toBe(false);
  });
});
