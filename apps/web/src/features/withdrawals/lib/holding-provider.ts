import { useEffect, useRef } from 'react';
import { useQueries } from '@tanstack/react-query';
import { toMinor } from '@app/contracts/amounts';
import { PROVIDER_IDS, type ProviderId } from '@app/contracts/providers';
import { creditQueryOptions } from '@/lib/api/get-credit';

/** The provider holding the most credit, once every credit is known; null while one is unknown or none holds any. */
export function providerHoldingCredit(credits: readonly (readonly [ProviderId, string | undefined])[]): ProviderId | null {
  let best: { provider: ProviderId; minor: bigint } | null = null;
  for (const [provider, amount] of credits) {
    if (amount === undefined) return null;
    const minor = toMinor(amount, 'THB');
    if (minor > 0n && (best === null || minor > best.minor)) best = { provider, minor };
  }
  return best?.provider ?? null;
}

/**
 * Withdraw opens on the provider where the credit is: the credits of every provider are read (as
 * the player's home reads them) and, until the player picks one, `choose` is called once with the
 * provider holding the most.
 */
export function useDefaultToHoldingProvider(choose: (provider: ProviderId) => void, chosen: boolean) {
  const credits = useQueries({
    queries: PROVIDER_IDS.map((p) => creditQueryOptions(p)),
    combine: (results) => results.map((r, i) => [PROVIDER_IDS[i]!, r.data?.credit.amount] as const),
  });
  const holding = providerHoldingCredit(credits);
  const done = useRef(false);
  useEffect(() => {
    if (done.current || chosen || holding === null) return;
    done.current = true;
    choose(holding);
  }, [holding, chosen, choose]);
}
