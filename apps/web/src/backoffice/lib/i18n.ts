import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/** Staff read Lao (the default) or English; the choice is kept in this browser. */
export const STAFF_LANGUAGES = ['lo', 'en'] as const;
export type StaffLanguage = (typeof STAFF_LANGUAGES)[number];
const STORAGE_KEY = 'backofficeLng';

/**
 * Every `locales/<language>/<area>.json`, one namespace per area (common, auth, staff, audit, …):
 * each screen's author adds its own files, and no two edit one file. Bundled, not fetched: the
 * back office is small and staff work on it all day.
 */
const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });
export const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [path, tree] of Object.entries(files)) {
  const [, language, namespace] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path)!;
  (resources[language!] ??= {})[namespace!] = tree;
}

function stored(): StaffLanguage {
  const value = localStorage.getItem(STORAGE_KEY);
  return value === 'en' ? 'en' : 'lo';
}

const language = stored();
// the page says which language it is in from the first paint (screen readers, fonts, axe's html-lang-valid)
document.documentElement.lang = language;

export const i18nReady = i18next.use(initReactI18next).init({
  resources,
  ns: Object.keys(resources.lo ?? {}),
  defaultNS: 'common',
  lng: language,
  fallbackLng: 'lo',
  interpolation: { escapeValue: false },
});

export function setStaffLanguage(language: StaffLanguage): void {
  localStorage.setItem(STORAGE_KEY, language);
  document.documentElement.lang = language;
  void i18next.changeLanguage(language);
}
