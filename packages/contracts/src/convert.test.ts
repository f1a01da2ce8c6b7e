import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { convert, findRate, type CurrencyRate } from './convert.js';

const LAK: CurrencyRate = { code: 'LAK', mid: 'M-LAK', currency: 'LAK', buyRate: '640', sellRate: '690', isEnabled: true };
const USD: CurrencyRate = { code: 'USD', mid: null, currency: 'USD', buyRate: '0.0280', sellRate: '0.0290', isEnabled: true };

describe('convert DEPOSIT (amount in the currency ÷ sell rate → THB credit, rounded down)', () => {
  it('converts an exact amount', () => {
    expect(convert('DEPOSIT', 690_000n, LAK)).toBe(100_000n); // 690,000 kip → 1,000.00 THB
  });
  it('rounds a remainder down to the satang', () => {
    expect(convert('DEPOSIT', 1_000n, LAK)).toBe(144n); // 1,000 / 690 = 1.4492… THB
  });
  it('handles a two-decimal currency and a fractional rate', () => {
    expect(convert('DEPOSIT', 1_000n, USD)).toBe(34_482n); // 10.00 USD / 0.029 = 344.8275… THB
  });
  it('reads rates as PostgreSQL numeric(18,6) prints them', () => {
    expect(convert('DEPOSIT', 690_000n, { ...LAK, sellRate: '690.000000' })).toBe(100_000n);
    expect(convert('DEPOSIT', 690_123_456n, { ...LAK, sellRate: '690.123456' })).toBe(100_000_000n);
  });
});

describe('convert WITHDRAW (THB credit × buy rate → amount in the currency, rounded down)', () => {
  it('converts an exact amount', () => {
    expect(convert('WITHDRAW', 100_000n, LAK)).toBe(640_000n); // 1,000.00 THB → 640,000 kip
  });
  it('rounds a remainder down to the kip', () => {
    expect(convert('WITHDRAW', 149n, LAK)).toBe(953n); // 1.49 × 640 = 953.6
  });
  it('rounds a two-decimal currency down to the cent', () => {
    expect(convert('WITHDRAW', 100_000n, USD)).toBe(2_800n);
    expect(convert('WITHDRAW', 1n, USD)).toBe(0n); // 0.01 × 0.028 = 0.00028 USD
  });
});

describe('convert DEPOSIT_FROM (THB credit wanted × sell rate → amount to pay, rounded up)', () => {
  it('converts an exact amount', () => {
    expect(convert('DEPOSIT_FROM', 100_000n, LAK)).toBe(690_000n);
  });
  it('rounds a remainder up to the kip', () => {
    expect(convert('DEPOSIT_FROM', 149n, LAK)).toBe(1_029n); // 1.49 × 690 = 1,028.1
  });
  it('rounds a two-decimal currency up to the cent', () => {
    expect(convert('DEPOSIT_FROM', 1n, USD)).toBe(1n); // 0.01 × 0.029 = 0.00029 USD
  });
});

describe('convert without a matching currency', () => {
  it('answers 0 in each direction', () => {
    for (const kind of ['DEPOSIT', 'WITHDRAW', 'DEPOSIT_FROM'] as const) {
      expect(convert(kind, 123_456n, undefined)).toBe(0n);
      expect(convert(kind, 123_456n, null)).toBe(0n);
    }
  });
});

describe('rounding favours the house by less than one minor unit', () => {
  // rates are scaled by 10^6; LAK has scale 0 and THB scale 2
  const rate = fc.integer({ min: 1, max: 5_000_000_000 }).map((n) => ({ scaled: BigInt(n), text: (n / 1e6).toFixed(6) }));
  const amount = fc.bigInt({ min: 0n, max: 10n ** 13n });

  it('DEPOSIT: the credit times the rate never exceeds what was paid, and one more satang would', () => {
    fc.assert(
      fc.property(amount, rate, (kip, r) => {
        const credit = convert('DEPOSIT', kip, { currency: 'LAK', buyRate: r.text, sellRate: r.text });
        // credit/100 × r/10^6 ≤ kip < (credit+1)/100 × r/10^6
        expect(credit * r.scaled <= kip * 100_000_000n).toBe(true);
        expect((credit + 1n) * r.scaled > kip * 100_000_000n).toBe(true);
      }),
    );
  });

  it('WITHDRAW pays at most the exact amount and DEPOSIT_FROM asks at least it, each within one kip', () => {
    fc.assert(
      fc.property(amount, rate, (satang, r) => {
        const row = { currency: 'LAK' as const, buyRate: r.text, sellRate: r.text };
        const exact = satang * r.scaled; // kip × 10^8
        const paid = convert('WITHDRAW', satang, row) * 100_000_000n;
        const asked = convert('DEPOSIT_FROM', satang, row) * 100_000_000n;
        expect(paid <= exact && exact - paid < 100_000_000n).toBe(true);
        expect(asked >= exact && asked - exact < 100_000_000n).toBe(true);
      }),
    );
  });
});

describe('findRate', () => {
  const rows: CurrencyRate[] = [LAK, { ...USD, isEnabled: false }, { ...LAK, code: 'THB', mid: null, currency: 'THB' }];
  it('matches by mid when one is given', () => {
    expect(findRate(rows, { mid: 'M-LAK' })).toBe(LAK);
    expect(findRate(rows, { mid: 'OTHER' })).toBeUndefined();
  });
  it('matches by currency without a mid, enabled rows only', () => {
    expect(findRate(rows, { currency: 'THB' })?.code).toBe('THB');
    expect(findRate(rows, { currency: 'USD' })).toBeUndefined();
  });
});
