import { describe, expect, it } from 'vitest';
import { buildLaoQr, type LaoQrInput } from './laoqr.js';
import { LAO_QR_AID } from './laoqr-read.js';
import { ok, refused } from './laoqr-read.test-helpers.js';
import { crc16CcittFalse, tlvField } from './laoqr-tlv.js';
import { buildOnePayQr } from './onepay.js';

// every payload here is written for these tests, with its CRC computed; none is a real merchant's
const t = (fields: Array<[string, string]>) => fields.map(([tag, value]) => tlvField(tag, value)).join('');
const seal = (fields: Array<[string, string]>) => {
  const body = `${t(fields)}6304`;
  return body + crc16CcittFalse(body);
};
const lapnet = (iin: string, service: string, id: string) =>
  t([
    ['00', LAO_QR_AID],
    ['01', iin],
    ['02', service],
    ['03', id],
  ]);

/** CRC-16/CCITT-FALSE over UTF-8 bytes, bit by bit, written apart from the one under test. */
function referenceCrc(text: string): number {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    for (let bit = 7; bit >= 0; bit--) {
      const top = ((crc >> 15) ^ (byte >> bit)) & 1;
      crc = ((crc << 1) & 0xffff) ^ (top ? 0x1021 : 0);
    }
  }
  return crc;
}

describe('readLaoQr: each form banks issue', () => {
  it('a static merchant QR (11, no amount)', () => {
    const qr = ok(
      seal([
        ['00', '01'],
        ['01', '11'],
        ['38', lapnet('70030418', '002', 'LDBMER778')],
        ['52', '5411'],
        ['53', '418'],
        ['58', 'LA'],
        ['59', 'Khop Chai Mart'],
        ['60', 'Pakse'],
      ]),
    );
    expect(qr).toMatchObject({
      kind: 'merchant',
      initiation: '11',
      bank: 'ldb',
      merchantId: 'LDBMER778',
      amountLak: null,
      city: 'Pakse',
      service: '002',
    });
  });

  it('a dynamic merchant QR (12) as we write it, every field read', () => {
    const input: LaoQrInput = {
      bank: 'jdb',
      merchantId: 'JDB-M-1',
      mcc: '5816',
      amountLak: 69_000n,
      merchantName: 'Lao Credit',
      city: 'Vientiane',
      billNumber: 'D2611290001',
      reference: 'R-77',
    };
    const qr = ok(buildLaoQr(input));
    expect(qr).toMatchObject({
      kind: 'merchant',
      initiation: '12',
      bank: 'jdb',
      iin: '32170418',
      amountLak: 69_000n,
      billNumber: 'D2611290001',
      reference: 'R-77',
      country: 'LA',
      countryCitySwapped: false,
      slip: null,
    });
  });

  it('a personal QR (P2P: no tag 52)', () => {
    const qr = ok(
      seal([
        ['00', '01'],
        ['01', '11'],
        ['38', lapnet('27710418', '001', '1601200012345')],
        ['53', '418'],
        ['58', 'LA'],
        ['59', 'SOMPHONE K'],
        ['60', 'VIENTIANE'],
      ]),
    );
    expect(qr).toMatchObject({ kind: 'personal', bank: 'bcel', merchantId: '1601200012345', mcc: null, merchantName: 'SOMPHONE K' });
  });

  it("UnionPay's tag 15 beside tag 38", () => {
    const qr = ok(
      seal([
        ['00', '01'],
        ['01', '12'],
        ['15', '6241041800000000123'],
        ['38', lapnet('70140418', '002', 'IDCB-55')],
        ['52', '5999'],
        ['53', '418'],
        ['54', '15000'],
        ['58', 'LA'],
        ['59', 'Two Rails Shop'],
        ['60', 'Vientiane'],
      ]),
    );
    expect(qr).toMatchObject({ kind: 'merchant', bank: 'indochina', unionPay: '6241041800000000123', amountLak: 15_000n });
    // a UnionPay-only QR is read too, without a LAPNet bank
    expect(
      ok(
        seal([
          ['00', '01'],
          ['01', '11'],
          ['15', '6241041800000000123'],
          ['53', '418'],
          ['58', 'LA'],
        ]),
      ),
    ).toMatchObject({ kind: 'unionpay', bank: null });
  });

  it('an empty tag 59, no tag 60, and the amount written with decimals', () => {
    const qr = ok(
      seal([
        ['00', '01'],
        ['01', '12'],
        ['38', lapnet('70050418', '002', 'LVB-9')],
        ['52', '5816'],
        ['53', '418'],
        ['54', '250000.00'],
        ['58', 'LA'],
        ['59', ''],
      ]),
    );
    expect(qr).toMatchObject({ bank: 'lvb', merchantName: null, city: null, amountLak: 250_000n });
    expect(qr.fields.find((f) => f.tag === '59')).toEqual({ tag: '59', value: '' });
  });

  it('58 and 60 swapped (the city in 58, the country in 60)', () => {
    const qr = ok(
      seal([
        ['00', '01'],
        ['01', '11'],
        ['38', lapnet('27710418', '002', 'B-1')],
        ['52', '5816'],
        ['53', '418'],
        ['58', 'VTE'],
        ['59', 'Shop'],
        ['60', 'LA'],
      ]),
    );
    expect(qr).toMatchObject({ country: 'LA', city: 'VTE', countryCitySwapped: true });
  });

  it('a CRC without zero padding (3 hex digits after 6303), computed over 6304', () => {
    // vary the bill number until the CRC has a leading zero, as 1 in 16 payloads do
    let payload: string | null = null;
    for (let n = 0; payload === null; n++) {
      const body = `${t([
        ['00', '01'],
        ['01', '12'],
        ['38', lapnet('27710418', '002', 'B-2')],
        ['52', '5816'],
        ['53', '418'],
        ['54', '1000'],
        ['58', 'LA'],
        ['59', 'Shop'],
        ['62', t([['01', `INV${n}`]])],
      ])}`;
      const crc = crc16CcittFalse(`${body}6304`);
      if (crc.startsWith('0') && !crc.startsWith('00')) payload = `${body}6303${crc.slice(1)}`;
    }
    const qr = ok(payload);
    expect(qr.crc).toHaveLength(3);
    expect(qr.amountLak).toBe(1000n);
    // the same QR with one digit of the unpadded CRC changed is refused
    const last = payload.slice(-1) === '0' ? '1' : '0';
    expect(refused(payload.slice(0, -1) + last)).toBe('QR_CRC_MISMATCH');
  });

  it('Lao text in tag 64: lengths count characters, the CRC covers the UTF-8 bytes', () => {
    const name = 'ຮ້ານລາວເຄຣດິດ';
    const payload = buildLaoQr({
      bank: 'bcel',
      merchantId: 'M-1',
      mcc: '5816',
      amountLak: 5000n,
      merchantName: 'Lao Credit',
      city: 'Vientiane',
      billNumber: 'D1',
      reference: 'D1',
      alternate: { language: 'lo', name, city: 'ວຽງຈັນ' },
    });
    expect(payload).toContain(`01${String(Array.from(name).length).padStart(2, '0')}${name}`);
    expect(Array.from(name).length).toBeLessThan(Buffer.byteLength(name, 'utf8'));
    expect(parseInt(payload.slice(-4), 16)).toBe(referenceCrc(payload.slice(0, -4)));
    expect(ok(payload).alternate).toEqual({ language: 'lo', name, city: 'ວຽງຈັນ' });
  });

  it("BCEL OnePay's merchant QR (tag 33 BCEL/ONEPAY/mcid, tag 62's invoice, uuid, terminal, description)", () => {
    const payload = buildOnePayQr({
      mcid: 'mchTEST0001',
      mcc: '5816',
      amountLak: 69_000n,
      invoice: 'D2611290007',
      uuid: 'b1c2d3e4-0000-4000-8000-000000000007',
      terminal: 'WEB01',
      description: 'LAO CREDIT DEPOSIT',
      city: 'Vientiane',
    });
    expect(payload).toContain('3333' + '0004BCEL' + '0106ONEPAY' + '0211mchTEST0001');
    expect(ok(payload)).toMatchObject({
      kind: 'onepay',
      initiation: '11',
      bank: 'bcel',
      iin: null,
      merchantId: 'mchTEST0001',
      amountLak: 69_000n,
      billNumber: 'D2611290007',
      reference: 'b1c2d3e4-0000-4000-8000-000000000007',
      terminal: 'WEB01',
      description: 'LAO CREDIT DEPOSIT',
    });
  });

  it('a BCEL OneProof slip QR (tag 33 with the ticket and the core-banking reference)', () => {
    const payload = seal([
      ['00', '01'],
      ['01', '11'],
      [
        '33',
        t([
          ['00', 'BCEL'],
          ['01', 'ONEPROOF'],
          ['02', 'TRANSFER'],
          ['03', 'T2611290000123'],
          ['04', 'FT26333ABCD0001'],
        ]),
      ],
    ]);
    expect(ok(payload)).toMatchObject({
      kind: 'slip',
      bank: 'bcel',
      merchantId: null,
      slip: { type: 'TRANSFER', ticket: 'T2611290000123', fccref: 'FT26333ABCD0001' },
    });
  });
});

describe('readLaoQr: typed errors', () => {
  const good = buildLaoQr({
    bank: 'bcel',
    merchantId: 'M-1',
    mcc: '5816',
    amountLak: 5000n,
    merchantName: 'Shop',
    city: 'Vientiane',
    billNumber: 'D1',
    reference: 'D1',
  });
  const reseal = (from: string, to: string) => {
    const body = good.slice(0, -4).replace(from, to);
    return body + crc16CcittFalse(body);
  };
  it('names each reason', () => {
    expect(refused('  ')).toBe('QR_EMPTY');
    expect(refused('0'.repeat(2000))).toBe('QR_TOO_LONG');
    expect(refused('hello world')).toBe('QR_MALFORMED');
    expect(refused(good.slice(0, -8))).toBe('QR_CRC_MISSING');
    expect(refused(`${good.slice(0, -4)}ZZZZ`)).toBe('QR_CRC_MISMATCH');
    expect(refused(good.replace('54045000', '54049000'))).toBe('QR_CRC_MISMATCH');
    expect(refused(reseal('5802LA', '5802LA5802LA'))).toBe('QR_DUPLICATE_FIELD');
    expect(refused(reseal('000201', '000202'))).toBe('QR_NOT_EMV');
    expect(refused(reseal('010212', '010213'))).toBe('QR_INITIATION');
    expect(refused(reseal(LAO_QR_AID, 'A000000677010111'))).toBe('QR_NO_ACCOUNT');
    expect(refused(reseal('54045000', '540450.5'))).toBe('QR_AMOUNT');
    expect(refused(reseal('38', '39').replace(/^/, ''))).toBe('QR_NO_ACCOUNT');
  });
});
