import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fromMinor, toMinor, typedAmountSchema, type CurrencyRow } from '@app/contracts';
import { creditPreview } from '@/features/deposits/lib/credit-preview';
import { lakPreview } from '@/features/withdrawals/lib/preview';
import { formatDecimal } from '@/lib/format';

// Every money field of the player site reads what the player typed with typedAmountSchema (the forms)
// and parseTypedAmount (their previews): deposit in kip, withdraw in THB credit.
const rate = (currency: 'LAK' | 'THB'): CurrencyRow => ({
  isEnabled: true,
  code: currency,
  mid: null,
  displayName: currency,
  currency,
  buyRate: currency === 'LAK' ? '640' : '1',
  sellRate: currency === 'LAK' ? '700' : '1',
});
const FIELDS = [
  { name: 'deposit (kip)', currency: 'LAK', preview: (text: string) => creditPreview(text, rate('LAK')) },
  { name: 'deposit (THB)', currency: 'THB', preview: (text: string) => creditPreview(text, rate('THB')) },
  { name: 'withdraw (THB credit)', currency: 'THB', preview: (text: string) => lakPreview(text, rate('LAK')) },
] as const;
const SCALE = { LAK: 0, THB: 2 } as const;
const minor = fc.bigInt({ min: 1n, max: 10n ** 15n });

describe.each(FIELDS)('the $name field', ({ currency, preview }) => {
  const schema = typedAmountSchema(currency);

  it('reads back every amount as the site writes it, and as the wire writes it', () => {
    fc.assert(
      fc.property(minor, (n) => {
        const wire = fromMinor(n, currency);
        for (const shown of [formatDecimal(wire, SCALE[currency]), wire]) {
          const read = schema.safeParse(shown);
          expect(read.success && toMinor(read.data, currency), shown).toBe(n);
          expect(preview(shown), shown).not.toBeNull();
        }
      }),
    );
  });

  if (currency === 'THB') {
    it('refuses three or more decimals after a dot as too many decimals, in the form and its preview', () => {
      fc.assert(
        fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.stringMatching(/^\d{3,6}$/), (whole, frac) => {
          for (const shown of [`${whole}.${frac}`, `${formatDecimal(String(whole), 0)}.${frac}`]) {
            const read = schema.safeParse(shown);
            expect(read.success, shown).toBe(false);
            expect(read.error?.issues[0]?.message).toBe('errors:amount.decimals');
            expect(preview(shown), shown).toBeNull();
          }
        }),
      );
    });

    it.each(['100.005', '99.999'])('never reads %s as thousands', (shown) => {
      expect(schema.safeParse(shown).success).toBe(false);
      expect(preview(shown)).toBeNull();
    });
  } else {
    it('keeps reading a dot before three digits as thousands of kip ("100.000" is 100,000 kip)', () => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 999 }), fc.stringMatching(/^\d{3}$/), (whole, group) => {
          expect(schema.parse(`${whole}.${group}`)).toBe(`${whole}${group}`);
        }),
      );
    });

    it('refuses a fraction of a kip', () => {
      fc.assert(
        fc.property(minor, fc.stringMatching(/^\d{1,2}$/), (n, frac) => {
          fc.pre(!/^0+$/.test(frac));
          expect(schema.safeParse(`${n}.${frac}`).error?.issues[0]?.message).toBe('errors:amount.whole_kip');
        }),
      );
    });
  }
});
