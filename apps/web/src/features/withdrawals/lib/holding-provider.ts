import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
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
 * the player's home reads them, into the same cache) and, unless the player has picked one by then,
 * `choose` is called once with the provider holding the most. Both callbacks are stable (as
 * react-hook-form's are). Read through the query client: useQueries would bring its observer into
 * the shared chunk of the first page.
 */
export function useDefaultToHoldingProvider(choose: (provider: ProviderId) => void, chosen: () => boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    let live = true;
    void Promise.all(
      PROVIDER_IDS.map((p) =>
        queryClient.fetchQuery(creditQueryOptions(p)).then(
          (r) => [p, r.credit.amount] as const,
          () => [p, undefined] as const,
        ),
      ),
    ).then((credits) => {
      const holding = providerHoldingCredit(credits);
      if (live && holding !== null && !chosen()) choose(holding);
    });
    return () => {
      live = false;
    };
  }, [queryClient, choose, chosen]);
}
