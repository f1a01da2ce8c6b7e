import type { CurrencyRow } from '@app/contracts';
import type { currencies } from '../../db/schema/index.js';

/** Trailing zeros of numeric(18,6) are noise on the wire: "690.000000" → "690", "0.028000" → "0.028". */
export function trimRate(rate: string): string {
  return rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate;
}

/** A currency row as the API shows it (SPEC.md §3): rates without their trailing zeros. */
export function currencyView(r: typeof currencies.$inferSelect): CurrencyRow {
  return {
    isEnabled: r.isEnabled,
    code: r.code,
    mid: r.mid,
    displayName: r.displayName,
    currency: r.currency,
    buyRate: trimRate(r.buyRate),
    sellRate: trimRate(r.sellRate),
  };
}
