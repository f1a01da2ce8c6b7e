import { asc, eq } from 'drizzle-orm';
import { CREDIT_CURRENCY, fromMinor, listableCurrencies } from '@app/contracts';
import { currencies } from '../../db/schema/index.js';
import { adapterOf, providerPlayer, readFromProvider } from '../../providers/reads.js';
import type { PlayerSession } from '../../plugins/session.js';
import { currencyView } from '../shared/rates.js';
import type { WalletService, WalletServiceDependencies } from './wallet.types.js';

export function createWalletService({ db, providers }: WalletServiceDependencies): WalletService {
  const creditMinorAt: WalletService['creditMinorAt'] = async (session, provider) => {
    const adapter = adapterOf(providers, provider);
    const balance = await readFromProvider(adapter, () => adapter.balance(providerPlayer(session)));
    return balance ?? 0n;
  };

  // the credit reads in flight, by provider and player: a page's reads that arrive together (tabs,
  // refetches, several devices) share one provider call; the entry goes when its answer comes, so
  // every read still asks the provider live (SPEC.md §7). Money paths use creditMinorAt alone.
  const inFlight = new Map<string, Promise<bigint>>();
  const sharedCreditMinorAt = (session: PlayerSession, provider: string): Promise<bigint> => {
    const key = `${provider}:${session.agencyId}:${session.playerId}`;
    const pending = inFlight.get(key);
    if (pending) return pending;
    const read = creditMinorAt(session, provider).finally(() => inFlight.delete(key));
    inFlight.set(key, read);
    return read;
  };

  return {
    async currencies(agencyId) {
      const rows = await db.select().from(currencies).where(eq(currencies.agencyId, agencyId)).orderBy(asc(currencies.code));
      return listableCurrencies(rows).map(currencyView);
    },
    creditMinorAt,
    async creditAt(session, provider) {
      const minor = await sharedCreditMinorAt(session, provider);
      return { credit: { amount: fromMinor(minor, CREDIT_CURRENCY), currency: CREDIT_CURRENCY } };
    },
  };
}
