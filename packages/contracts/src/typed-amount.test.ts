import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fromMinor, toMinor } from './money.js';
import { parseTypedAmount, typedAmountSchema } from './typed-amount.js';

const lao = (n: bigint) => new Intl.NumberFormat('lo-LA').format(n);
const plainGrouped = (n: bigint) => new Intl.NumberFormat('en-US').format(n);

describe('parseTypedAmount', () => {
  it.each([
    ['50000', 'LAK', '50000'],
    ['50000.00', 'LAK', '50000'],
    ['100.000', 'LAK', '100000'],
    ['100,000', 'LAK', '100000'],
    ['1.000.000', 'LAK', '1000000'],
    ['1,000,000', 'LAK', '1000000'],
    [' 25 000 ', 'LAK', '25000'],
    ['144,92', 'THB', '144.92'],
    ['144.92', 'THB', '144.92'],
    ['1.234,5', 'THB', '1234.5'],
    ['1,234.50', 'THB', '1234.50'],
    ['100,000', 'THB', '100000'],
    ['1.000.000', 'THB', '1000000'],
    ['007', 'THB', '7'],
  ] as const)('reads %s (%s) as %s', (input, currency, value) => {
    expect(parseTypedAmount(input, currency)).toEqual({ ok: true, value });
  });

  it.each([
    ['25000.5', 'LAK', 'whole_kip'],
    ['144,92', 'LAK', 'whole_kip'],
    ['10.5051', 'THB', 'decimals'],
    ['1234.567', 'THB', 'decimals'],
    ['100.005', 'THB', 'decimals'],
    ['99.999', 'THB', 'decimals'],
    ['100.000', 'THB', 'decimals'],
    ['10.500', 'THB', 'decimals'],
    ['0.500', 'THB', 'decimals'],
    ['1,000.505', 'THB', 'decimals'],
    ['', 'LAK', 'required'],
    ['   ', 'THB', 'required'],
    ['abc', 'LAK', 'invalid'],
    ['1.2.3', 'LAK', 'invalid'],
    ['1,00,000', 'LAK', 'invalid'],
    ['1.000,000.5', 'THB', 'invalid'],
    ['-5', 'THB', 'invalid'],
    ['0', 'LAK', 'invalid'],
    ['0,00', 'THB', 'invalid'],
    ['1e5', 'LAK', 'invalid'],
    ['.', 'LAK', 'invalid'],
    ['5.', 'THB', 'invalid'],
  ] as const)('refuses %s (%s): %s', (input, currency, error) => {
    expect(parseTypedAmount(input, currency)).toEqual({ ok: false, error });
  });

  const kip = fc.bigInt({ min: 1n, max: 10n ** 15n });
  it('reads whole kip as shown in the Lao locale, grouped plainly or not grouped', () => {
    fc.assert(
      fc.property(kip, (n) => {
        for (const shown of [lao(n), plainGrouped(n), n.toString()]) {
          expect(parseTypedAmount(shown, 'LAK')).toEqual({ ok: true, value: n.toString() });
        }
      }),
    );
  });

  it('reads THB with two decimals in the Lao form and the plain forms', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 15n }), (minor) => {
        const wire = fromMinor(minor, 'THB');
        const [whole, frac] = wire.split('.') as [string, string];
        for (const shown of [`${lao(BigInt(whole))},${frac}`, `${plainGrouped(BigInt(whole))}.${frac}`, wire]) {
          const read = parseTypedAmount(shown, 'THB');
          expect(read.ok && toMinor(read.value, 'THB')).toBe(minor);
        }
      }),
    );
  });

  it('refuses kip with a non-zero fraction, whatever its mark', () => {
    fc.assert(
      fc.property(kip, fc.stringMatching(/^\d{1,2}$|^\d{4,6}$/), fc.constantFrom('.', ','), (n, frac, mark) => {
        fc.pre(!/^0+$/.test(frac));
        expect(parseTypedAmount(`${n}${mark}${frac}`, 'LAK')).toEqual({ ok: false, error: 'whole_kip' });
      }),
    );
  });

  it('refuses any THB amount written with three or more decimals, whatever the digits and grouping', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.stringMatching(/^\d{3,8}$/),
        fc.constantFrom('plain', 'grouped', 'lao'),
        (whole, frac, form) => {
          const shown =
            form === 'plain' ? `${whole}.${frac}` : form === 'grouped' ? `${plainGrouped(whole)}.${frac}` : `${lao(whole)},${frac}`;
          fc.pre(form !== 'lao' || whole >= 1000n); // a lone comma with three digits groups thousands
          expect(parseTypedAmount(shown, 'THB')).toEqual({ ok: false, error: 'decimals' });
        },
      ),
    );
  });

  it('never throws and only answers amounts the server accepts', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789.,  -ab'.split('')) }), fc.constantFrom('LAK', 'THB'), (s, c) => {
        const read = parseTypedAmount(s, c);
        if (read.ok) expect(toMinor(read.value, c)).toBeGreaterThan(0n);
      }),
    );
  });
});

describe('typedAmountSchema', () => {
  it('gives the wire decimal or the reason as a translation key', () => {
    expect(typedAmountSchema('LAK').parse('100.000')).toBe('100000');
    const refused = typedAmountSchema('LAK').safeParse('25000.5');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('errors:amount.whole_kip');
  });
});
