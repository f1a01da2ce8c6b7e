import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import lo from '../locales/lo.json';
import enMoney from '../locales/en/money.json';
import loMoney from '../locales/lo/money.json';

/** Staff read Lao (the default) or English; the choice is kept in this browser. */
export const STAFF_LANGUAGES = ['lo', 'en'] as const;
export type StaffLanguage = (typeof STAFF_LANGUAGES)[number];
const STORAGE_KEY = 'backofficeLng';

function stored(): StaffLanguage {
  const value = localStorage.getItem(STORAGE_KEY);
  return value === 'en' ? 'en' : 'lo';
}

export const i18nReady = i18next.use(initReactI18next).init({
  resources: { lo: { translation: lo, money: loMoney }, en: { translation: en, money: enMoney } },
  lng: stored(),
  fallbackLng: 'lo',
  interpolation: { escapeValue: false },
});

export function setStaffLanguage(language: StaffLanguage): void {
  localStorage.setItem(STORAGE_KEY, language);
  document.documentElement.lang = language;
  void i18next.changeLanguage(language);
}
