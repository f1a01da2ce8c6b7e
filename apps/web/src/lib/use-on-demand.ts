import { useEffect, useState } from 'react';
import type { OnDemand } from './on-demand';

/**
 * The chunk's module (lib/on-demand.ts): at once when it is in (the page's loader awaited it), so that the
 * first render draws what it holds; else undefined until it arrives, asked for here. A chunk that fails
 * reloads the page once (lib/chunk-reload.ts); until then nothing is drawn from it. A module apart from
 * `onDemand`, which the route loaders bring into the entry, so that this hook stays out of it.
 */
export function useOnDemand<T>(chunk: OnDemand<T>): T | undefined {
  const [module, setModule] = useState<T | undefined>(chunk.loaded);
  useEffect(() => {
    if (module) return;
    let live = true;
    chunk.load().then(
      (m) => live && setModule(() => m),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [chunk, module]);
  return module;
}
