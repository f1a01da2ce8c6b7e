import { asc, eq } from 'drizzle-orm';
import { CREDIT_CURRENCY, fromMinor, listableCurrencies } from '@app/contracts';
import { currencies } from '../../db/schema/index.js';
import { adapterOf, providerPlayer, readFromProvider } from '../../providers/reads.js';
import { trimRate } from '../shared/rates.js';
import type { WalletService, WalletServiceDependencies } from './wallet.types.js';

export function createWalletService({ db, providers }: WalletServiceDependencies): WalletService {
  const creditMinorAt: WalletService['creditMinorAt'] = async (session, provider) => {
    const adapter = adapterOf(providers, provider);
    const balance = await readFromProvider(adapter, () => adapter.balance(providerPlayer(session)));
    return balance ?? 0n;
  };

  return {
    async currencies(agencyId) {
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
    },
    creditMinorAt,
    async creditAt(session, provider) {
      const minor = await creditMinorAt(session, provider);
      return { credit: { amount: fromMinor(minor, CREDIT_CURRENCY), currency: CREDIT_CURRENCY } };
    },
  };
}
