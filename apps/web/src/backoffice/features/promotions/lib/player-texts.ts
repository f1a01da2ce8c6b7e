import i18next, { type i18n as I18n, type ResourceKey } from 'i18next';
import type { Language } from '@app/contracts';

/** The player site's own texts a promotion's card and rules read (its `promotion`, `wallet` and `common` files). */
const NAMESPACES = ['promotion', 'wallet', 'common'] as const;
const files = import.meta.glob<{ default: ResourceKey }>([
  '/src/locales/*/promotion.json',
  '/src/locales/*/wallet.json',
  '/src/locales/*/common.json',
]);

/**
 * An i18next instance of the player site's texts in `language` (Lao behind it, as on the site), for
 * the preview only: the staff screens keep their own instance, and the player site's singleton is
 * never loaded here (it keeps the player's language in a cookie and on the page). Each language's
 * files are fetched the first time it is previewed.
 */
export async function playerTexts(language: Language): Promise<I18n> {
  const resources: Record<string, Record<string, ResourceKey>> = {};
  const wanted = new Set<string>([language, 'lo']);
  await Promise.all(
    Object.entries(files).map(async ([path, load]) => {
      const [, lng, ns] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path)!;
      if (wanted.has(lng!)) (resources[lng!] ??= {})[ns!] = (await load()).default;
    }),
  );
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    fallbackLng: 'lo',
    ns: [...NAMESPACES],
    defaultNS: 'promotion',
    resources,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    returnNull: false,
  });
  return instance;
}
