import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { textsIn, type LocaleFile, type Texts } from '@/lib/locale-file';

/** Staff read Lao (the default) or English; the choice is kept in this browser. */
export const STAFF_LANGUAGES = ['lo', 'en'] as const;
export type StaffLanguage = (typeof STAFF_LANGUAGES)[number];
const STORAGE_KEY = 'backofficeLng';

/**
 * Every `locales/<area>.json`, one namespace per area (common, auth, staff, audit, …), each text with
 * its languages side by side (docs/decisions/147): each screen's author adds their own files, and no two
 * edit one file. Bundled, both languages, not fetched: the back office is small and staff work on it all day.
 */
const files = import.meta.glob<LocaleFile>('../locales/*.json', { eager: true, import: 'default' });
export const resources: Record<string, Record<string, Texts>> = {};
for (const [path, file] of Object.entries(files)) {
  const namespace = path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
  for (const language of STAFF_LANGUAGES) (resources[language] ??= {})[namespace] = textsIn(file, language);
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
