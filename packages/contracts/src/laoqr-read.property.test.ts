import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildLaoQr } from './laoqr.js';
import { LAO_QR_BANK_IINS } from './laoqr-read.js';
import { ok, refused } from './laoqr-read.test-helpers.js';
import { buildOnePayQr } from './onepay.js';

const ascii = (min: number, max: number) => fc.stringMatching(new RegExp(`^[A-Za-z0-9][A-Za-z0-9 .-]{${min},${max}}[A-Za-z0-9]$`));
const lao = (max: number) =>
  fc
    .array(
      fc.integer({ min: 0x0e81, max: 0x0edd }).map((c) => String.fromCodePoint(c)),
      { minLength: 1, maxLength: max },
    )
    .map((a) => a.join(''));
const banks = Object.keys(LAO_QR_BANK_IINS) as Array<keyof typeof LAO_QR_BANK_IINS>;

describe('readLaoQr: properties', () => {
  const inputs = fc.record({
    bank: fc.constantFrom(...banks),
    merchantId: fc.stringMatching(/^[A-Za-z0-9-]{1,30}$/),
    mcc: fc.stringMatching(/^\d{4}$/),
    amountLak: fc.bigInt({ min: 1n, max: 10n ** 15n }),
    merchantName: ascii(0, 23),
    city: ascii(0, 13),
    billNumber: fc.stringMatching(/^[A-Z0-9]{1,25}$/),
    reference: fc.stringMatching(/^[A-Za-z0-9-]{1,25}$/),
    alternate: fc.option(fc.record({ language: fc.constant('lo'), name: lao(25), city: lao(15) }), { nil: undefined }),
  });

  it('what buildLaoQr writes, readLaoQr reads back, Lao text included', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const qr = ok(buildLaoQr(input));
        expect(qr).toMatchObject({
          kind: 'merchant',
          bank: input.bank,
          merchantId: input.merchantId,
          mcc: input.mcc,
          amountLak: input.amountLak,
          merchantName: input.merchantName,
          city: input.city,
          billNumber: input.billNumber,
          reference: input.reference,
        });
        expect(qr.alternate).toEqual(input.alternate ? { ...input.alternate } : null);
      }),
    );
  });

  it('what buildOnePayQr writes, readLaoQr reads back', () => {
    fc.assert(
      fc.property(
        fc.record({
          mcid: fc.stringMatching(/^[A-Za-z0-9]{1,30}$/),
          amountLak: fc.bigInt({ min: 1n, max: 10n ** 12n }),
          invoice: fc.stringMatching(/^[A-Z0-9]{1,25}$/),
          uuid: fc.uuid(),
          terminal: fc.option(fc.stringMatching(/^[A-Z0-9]{1,8}$/), { nil: undefined }),
        }),
        (input) => {
          const qr = ok(buildOnePayQr(input));
          expect(qr).toMatchObject({
            kind: 'onepay',
            bank: 'bcel',
            merchantId: input.mcid,
            amountLak: input.amountLak,
            billNumber: input.invoice,
            reference: input.uuid,
            terminal: input.terminal ?? null,
          });
        },
      ),
    );
  });

  it('a changed CRC or a changed character of the body is refused', () => {
    fc.assert(
      fc.property(inputs, fc.integer({ min: 1, max: 0xffff }), fc.nat(), (input, delta, at) => {
        const payload = buildLaoQr(input);
        const crc = ((parseInt(payload.slice(-4), 16) + delta) & 0xffff).toString(16).toUpperCase().padStart(4, '0');
        expect(refused(payload.slice(0, -4) + crc)).toBe('QR_CRC_MISMATCH');
        // a digit of the amount changed: the CRC no longer matches
        const amountAt = payload.indexOf('54', payload.indexOf('5303418')) + 4 + (at % input.amountLak.toString().length);
        const digit = payload[amountAt] === '9' ? '8' : String(Number(payload[amountAt]) + 1);
        expect(refused(payload.slice(0, amountAt) + digit + payload.slice(amountAt + 1))).toBe('QR_CRC_MISMATCH');
      }),
    );
  });
});
