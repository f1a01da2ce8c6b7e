/** Trailing zeros of numeric(18,6) are noise on the wire: "690.000000" → "690", "0.028000" → "0.028". */
export function trimRate(rate: string): string {
  return rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate;
}
