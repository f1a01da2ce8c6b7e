import { CURRENCY_SCALE, type CurrencyCode } from './amounts.js';

/**
 * Currency conversion of SPEC.md §5, exact, on minor units. Rates are decimal strings meaning
 * "units of this currency per 1 unit of credit (THB)". Rounding is always in the house's favour by
 * at most one minor unit (DESIGN.md §3).
 */
export type ConversionKind = 'DEPOSIT' | 'WITHDRAW' | 'DEPOSIT_FROM';

export interface CurrencyRate {
  code: CurrencyCode;
  mid: string | null;
  currency: CurrencyCode;
  buyRate: string;
  sellRate: string;
  isEnabled: boolean;
}

const RATE_SCALE = 6;
const CREDIT: CurrencyCode = 'THB';

function rateToScaled(rate: string): bigint {
  const [w, f = ''] = rate.split('.') as [string, string?];
  return BigInt(w) * 10n ** BigInt(RATE_SCALE) + BigInt((f ?? '').padEnd(RATE_SCALE, '0') || '0');
}

function divFloor(a: bigint, b: bigint) {
  return a / b;
}
function divCeil(a: bigint, b: bigint) {
  return (a + b - 1n) / b;
}

/**
 * DEPOSIT: an amount in the currency → credit (THB minor), dividing by the sell rate, rounded down.
 * WITHDRAW: credit (THB minor) → amount in the currency, multiplying by the buy rate, rounded down.
 * DEPOSIT_FROM: credit (THB minor) wanted → amount in the currency to pay, multiplying by the sell rate, rounded up.
 * With no matching enabled currency the result is 0.
 */
export function convert(
  kind: ConversionKind,
  amountMinor: bigint,
  rate: Pick<CurrencyRate, 'currency' | 'buyRate' | 'sellRate'> | undefined | null,
): bigint {
  if (!rate) return 0n;
  const fromScale = 10n ** BigInt(CURRENCY_SCALE[rate.currency]);
  const creditScale = 10n ** BigInt(CURRENCY_SCALE[CREDIT]);
  const rs = 10n ** BigInt(RATE_SCALE);
  if (kind === 'DEPOSIT') {
    const sell = rateToScaled(rate.sellRate);
    if (sell === 0n) return 0n;
    // credit = amount / fromScale / (sell / rs) * creditScale
    return divFloor(amountMinor * rs * creditScale, fromScale * sell);
  }
  const r = rateToScaled(kind === 'WITHDRAW' ? rate.buyRate : rate.sellRate);
  // amount = credit / creditScale * (r / rs) * fromScale
  const num = amountMinor * r * fromScale;
  const den = creditScale * rs;
  return kind === 'WITHDRAW' ? divFloor(num, den) : divCeil(num, den);
}

/** Finds the currency row that matches a mid or a currency code, enabled only. */
export function findRate<T extends CurrencyRate>(rows: T[], key: { mid?: string | null; currency?: string }) {
  return rows.find((r) => r.isEnabled && ((key.mid != null && r.mid === key.mid) || (key.mid == null && r.currency === key.currency)));
}
