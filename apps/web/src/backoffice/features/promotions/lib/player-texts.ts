import i18next, { type i18n as I18n, type ResourceKey } from 'i18next';
import type { Language } from '@app/contracts';
import { textsIn, type LocaleFile } from '@/lib/locale-file';

/** The player site's own texts a promotion's card and rules read (its `promotion`, `wallet` and `common` files). */
const NAMESPACES = ['promotion', 'wallet', 'common'] as const;
// each namespace file holds every language (docs/decisions/147): fetched whole with the preview, picked here
const files = import.meta.glob<{ default: LocaleFile }>([
  '/src/locales/promotion.json',
  '/src/locales/wallet.json',
  '/src/locales/common.json',
]);

/**
 * An i18next instance of the player site's texts in `language` (no fallback, as on the site: every text
 * is in every language), for the preview only: the staff screens keep their own instance, and the player
 * site's singleton is never loaded here (it keeps the player's language in a cookie and on the page).
 * The files are fetched the first time the preview opens.
 */
export async function playerTexts(language: Language): Promise<I18n> {
  const texts: Record<string, ResourceKey> = {};
  await Promise.all(
    Object.entries(files).map(async ([path, load]) => {
      texts[path.slice(path.lastIndexOf('/') + 1, -'.json'.length)] = textsIn((await load()).default, language);
    }),
  );
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    fallbackLng: false,
    ns: [...NAMESPACES],
    defaultNS: 'promotion',
    resources: { [language]: texts },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    returnNull: false,
  });
  return instance;
}
