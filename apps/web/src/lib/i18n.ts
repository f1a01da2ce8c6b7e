import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LANGUAGE_STORAGE_KEY,
  LOCALE_TAG,
  detectLanguage,
  isLanguage,
  type Language,
} from '@app/contracts/languages';

export {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LANGUAGE_STORAGE_KEY,
  LOCALE_TAG,
  detectLanguage,
  isLanguage,
  type Language,
} from '@app/contracts/languages';

// Each namespace is one file with every language side by side (locales/<namespace>.json, decision 147);
// `?lang=` takes one language's texts out of it at build time (vite-plugins/locale-language.ts), so that a
// player fetches only the language they read.
// Every language's texts are fetched, Lao's too, in two files per language: the namespaces a visitor's
// pages use (locales/bundles/<language>.first.ts: common, errors, auth), which each page's HTML preloads in its
// language beside the entry, and the player area's (locales/bundles/<language>.ts), which the player route
// awaits (`loadAllNamespaces`). The entry holds no texts: a page in Thai does not download Lao's besides
// (decision 156). One request per file, not one per namespace: on a phone each request costs a round trip,
// and HTTP/1.1 queues more than six at once (docs/decisions/077). A player page opened first takes every
// namespace from a third file, locales/bundles/<language>.all.ts, which its HTML preloads instead of the
// two (decision 194): one request less in the round before its first render.
type Texts = { default: Record<string, ResourceKey> };
const firstTexts = import.meta.glob<Texts>('../locales/bundles/*.first.ts');
const bundles = import.meta.glob<Texts>(['../locales/bundles/*.ts', '!../locales/bundles/*.first.ts', '!../locales/bundles/*.all.ts']);
const allTexts = import.meta.glob<Texts>('../locales/bundles/*.all.ts');

/** The page's HTML preloads its language's whole texts (a player page's copy, vite-plugins/page-preloads.ts): every namespace comes from that one file. */
const WHOLE_TEXTS_META = 'meta[name="texts"][content="all"]';
const wholeTexts = typeof document !== 'undefined' && document.querySelector(WHOLE_TEXTS_META) !== null;

/** Every namespace of the site (locales/*.json; i18n.test.ts holds the list to the files). */
export const NAMESPACES = ['common', 'errors', 'auth', 'deposit', 'promotion', 'wallet', 'withdraw', 'limits'];

/** The namespaces the first render of a visitor's page needs (locales/bundles/<language>.first.ts), loaded before it. */
export const EAGER_NAMESPACES: readonly string[] = ['common', 'errors', 'auth'];

/** The file that holds `namespace` in `language`. */
function textsFile(language: string, namespace: string): (() => Promise<Texts>) | undefined {
  if (wholeTexts) return allTexts[`../locales/bundles/${language}.all.ts`];
  return EAGER_NAMESPACES.includes(namespace)
    ? firstTexts[`../locales/bundles/${language}.first.ts`]
    : bundles[`../locales/bundles/${language}.ts`];
}

const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = textsFile(language, namespace);
    if (!load) return callback(null, {});
    // i18next asks for each namespace: those of one file share its module (the browser fetches it once)
    load().then(
      (mod) => callback(null, mod.default[`../${namespace}.json`] ?? {}),
      (err: Error) => callback(err, null),
    );
  },
};

function readStored(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The cookie that mirrors the choice under the same name; a year, for every path, never sent cross-site. */
export function languageCookie(lng: Language): string {
  return `${LANGUAGE_STORAGE_KEY}=${lng}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

export const i18n = i18next.createInstance();

i18n.on('languageChanged', (lng) => {
  if (!isLanguage(lng)) return;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // private mode: the choice lasts for this page only
  }
  if (typeof document === 'undefined') return;
  document.documentElement.lang = LOCALE_TAG[lng];
  // the same choice for the server, which answers the public pages' HTML in it (docs/decisions/020)
  document.cookie = languageCookie(lng);
});

export const i18nReady = i18n
  .use(lazyBackend)
  .use(initReactI18next)
  .init({
    lng: detectLanguage(readStored(), typeof navigator === 'undefined' ? [] : navigator.languages),
    // no fallback: every text is in every language (locales/translations.test.ts), so a player who reads
    // Thai fetches Thai's file alone, not Lao's besides (decision 147)
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    // a copy: i18next adds the namespaces it loads later to this list
    ns: [...EAGER_NAMESPACES],
    defaultNS: 'common',
    // SPEC.md §9: translation loading retries at most 5 times, starting at 350 ms
    maxRetries: 5,
    retryTimeout: 350,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    returnNull: false,
  });

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}

/** Loads every namespace in the current language. Resolves even when its file still fails after its
 * retries: the page then shows the keys of the texts it lacks, in Lao as in the other languages. */
export function loadAllNamespaces(): Promise<void> {
  return i18n.loadNamespaces(NAMESPACES);
}
