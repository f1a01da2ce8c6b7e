import { asc, eq } from 'drizzle-orm';
import { listableCurrencies, type CurrencyRow } from '@app/contracts';
import type { Db } from '../../db/client.js';
import { currencies } from '../../db/schema/index.js';

/** Trailing zeros of numeric(18,6) are noise on the wire: "690.000000" → "690", "0.028000" → "0.028". */
export function trimRate(rate: string): string {
  return rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate;
}

/** The agency's currencies a player may pick: enabled, one per distinct mid or currency (SPEC.md §5). */
export async function listCurrencies(db: Db, agencyId: string): Promise<CurrencyRow[]> {
  const rows = await db.select().from(currencies).where(eq(currencies.agencyId, agencyId)).orderBy(asc(currencies.code));
  return listableCurrencies(rows).map((r) => ({
    isEnabled: r.isEnabled,
    code: r.code,
    mid: r.mid,
    displayName: r.displayName,
    currency: r.currency,
    buyRate: trimRate(r.buyRate),
    sellRate: trimRate(r.sellRate),
  }));
}
