import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { sealTlv, tlvField, type QrInspectResponse } from '@app/contracts';
import { createAgency } from '../../test/agencies.js';
import { payLaoQr } from '../../test/bank.js';
import { registerPlayer } from '../../test/players.js';
import { useDepositCallbacks } from '../deposits/deposits.test-helpers.js';
import { staffLogin } from '../withdrawals/withdrawals.test-helpers.js';

const { env, openDeposit } = useDepositCallbacks();
const app = () => env.ctx.app;

const inspect = (staff: { cookie: string }, payload: string, host = 'localhost') =>
  app().inject({ method: 'POST', url: '/api/v2/backoffice/qr/inspect', headers: { host, cookie: staff.cookie }, payload: { payload } });
const inspectImage = (staff: { cookie: string }, bytes: Buffer, type = 'image/png') =>
  app().inject({
    method: 'POST',
    url: '/api/v2/backoffice/qr/inspect/image',
    headers: { host: 'localhost', cookie: staff.cookie, 'content-type': type },
    payload: bytes,
  });

/** A BCEL OneProof slip QR carrying this core-banking reference (written for the test, its CRC computed). */
function slip(fccref: string): string {
  const account =
    tlvField('00', 'BCEL') + tlvField('01', 'ONEPROOF') + tlvField('02', 'TRANSFER') + tlvField('03', 'T000123') + tlvField('04', fccref);
  return sealTlv([
    ['00', '01'],
    ['01', '11'],
    ['33', account],
  ]);
}

/** The payload drawn as a white-bordered picture, as a phone screenshot shows it. */
async function picture(payload: string): Promise<PNG> {
  return PNG.sync.read(await QRCode.toBuffer(payload, { type: 'png', margin: 4, scale: 6 }));
}

describe('POST /api/v2/backoffice/qr/inspect', () => {
  it('reads a deposit QR: bank, merchant, amount, bill number, the order and what the bank says now', async () => {
    const p = await registerPlayer(app());
    const { order, payload, reference } = await openDeposit(p, '75000');
    const finance = await staffLogin(app(), env.agencyId(), 'finance');
    const before = await inspect(finance, payload);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json<QrInspectResponse>()).toMatchObject({
      qr: { kind: 'merchant', bank: 'bcel', merchantId: 'DEMO-BCEL-001', amount: '75000', billNumber: order.transactionCode, reference },
      ourMerchant: true,
      order: { id: order.id, transactionCode: order.transactionCode, playerUsername: p.username, status: 'OPEN', amount: '75000' },
      bank: { status: 'UNPAID', bankReference: null },
    });
    const paid = await payLaoQr(env.sandbox.url, payload);
    // support answers the players who send their slips: it may inspect too
    const support = await staffLogin(app(), env.agencyId(), 'support');
    const after = (await inspect(support, payload)).json<QrInspectResponse>();
    expect(after.bank).toMatchObject({ status: 'PAID', bankReference: paid.bankReference, amount: '75000' });
  });

  it("never shows another agency's order, nor asks the bank about it", async () => {
    const p = await registerPlayer(app());
    const { payload } = await openDeposit(p, '76000');
    const code = `q${Date.now().toString(36)}`;
    const agencyId = await createAgency(app(), code, `${code}.example`);
    const stranger = await staffLogin(app(), agencyId, 'owner', `${code}.example`);
    const res = await inspect(stranger, payload, `${code}.example`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ qr: { amount: '76000' }, ourMerchant: false, order: null, bank: null });
  });

  it('finds the order a BCEL OneProof slip names by its bank reference', async () => {
    const p = await registerPlayer(app());
    const { order, payload } = await openDeposit(p, '77000');
    const paid = await payLaoQr(env.sandbox.url, payload);
    await app().inject({ method: 'POST', url: `/api/v2/deposits/${order.id}/check`, headers: { host: 'localhost', cookie: p.cookie } });
    const owner = await staffLogin(app(), env.agencyId(), 'owner');
    const res = (await inspect(owner, slip(paid.bankReference))).json<QrInspectResponse>();
    expect(res).toMatchObject({
      qr: { kind: 'slip', bank: 'bcel', slip: { fccref: paid.bankReference } },
      order: { id: order.id, status: expect.stringMatching(/PAID|SUCCESS/) },
    });
  });

  it('answers a malformed payload 400 QR_INVALID with the reason, and refuses players', async () => {
    const owner = await staffLogin(app(), env.agencyId(), 'owner');
    const p = await registerPlayer(app());
    const { payload } = await openDeposit(p, '78000');
    const tampered = payload.replace('540578000', '540579000');
    for (const [bad, reason] of [
      [tampered, 'QR_CRC_MISMATCH'],
      ['hello', 'QR_MALFORMED'],
      [payload.slice(0, -8), 'QR_CRC_MISSING'],
    ] as const) {
      const res = await inspect(owner, bad);
      expect([res.statusCode, res.json().error.code, res.json().error.fields]).toEqual([
        400,
        'QR_INVALID',
        { payload: `qr.reason.${reason}` },
      ]);
    }
    expect((await inspect(owner, '   ')).json().error.code).toBe('VALIDATION_FAILED');
    expect((await inspect(p, payload)).statusCode).toBe(401);
  });
});

describe('POST /api/v2/backoffice/qr/inspect/image', () => {
  it('reads the QR of a PNG or JPEG screenshot', async () => {
    const p = await registerPlayer(app());
    const { order, payload } = await openDeposit(p, '79000');
    const owner = await staffLogin(app(), env.agencyId(), 'owner');
    const png = await picture(payload);
    const fromPng = await inspectImage(owner, PNG.sync.write(png));
    expect(fromPng.statusCode, fromPng.body).toBe(200);
    expect(fromPng.json()).toMatchObject({ payload, order: { id: order.id } });
    const jpg = Buffer.from(jpeg.encode({ data: png.data, width: png.width, height: png.height }, 90).data);
    const fromJpeg = await inspectImage(owner, jpg, 'image/jpeg');
    expect(fromJpeg.statusCode, fromJpeg.body).toBe(200);
    expect(fromJpeg.json()).toMatchObject({ order: { id: order.id } });
  });

  it('answers a picture without a QR, a file that is no picture, and one too large, each with its own code', async () => {
    const owner = await staffLogin(app(), env.agencyId(), 'owner');
    const blank = new PNG({ width: 200, height: 200 });
    blank.data.fill(255);
    const none = await inspectImage(owner, PNG.sync.write(blank));
    expect([none.statusCode, none.json().error.code]).toEqual([422, 'QR_NOT_FOUND_IN_IMAGE']);
    const text = await inspectImage(owner, Buffer.from('not a picture at all'), 'application/octet-stream');
    expect([text.statusCode, text.json().error.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    const huge = await inspectImage(owner, Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(4 * 1024 * 1024)]));
    expect(huge.statusCode).toBe(413);
  });
});
