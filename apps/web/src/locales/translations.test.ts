import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@app/contracts';
import { LANGUAGES, LOCALE_TAG } from '@/lib/i18n';
import { textsIn, type LocaleFile } from '@/lib/locale-file';
import { leafProblems, leaves } from '@/test/translation-tree';

// the same files the app bundles: one per namespace, every language side by side (decision 147)
const files = import.meta.glob<LocaleFile>('./*.json', { eager: true, import: 'default' });

function load(lng: string, ns: string) {
  const file = files[`./${ns}.json`];
  if (!file) throw new Error(`no ${ns}.json`);
  return textsIn(file, lng);
}

const namespaces = Object.keys(files).map((p) => p.slice(2, -'.json'.length));

describe('translations', () => {
  it.each(LANGUAGES)('errors.json of %s translates every error code of the contracts', (lng) => {
    const errors = load(lng, 'errors');
    const missing = ERROR_CODES.filter((code) => typeof errors[code] !== 'string' || errors[code] === '');
    expect(missing, `codes without a ${lng} translation`).toEqual([]);
  });

  // every namespace the player site bundles (the features' own tests add what is particular to theirs:
  // the keys their schemas and statuses need)
  it.each(namespaces)('%s has every text in every language, none empty, with the same placeholders', (ns) => {
    expect(namespaces.length).toBeGreaterThanOrEqual(8);
    expect(leafProblems(files[`./${ns}.json`]!, LOCALE_TAG, 'lo'), `${ns}.json`).toEqual([]);
  });

  it('Lao text is really Lao script, not English left in place', () => {
    const lao = /[\u0E80-\u0EFF]/;
    for (const ns of ['common', 'auth', 'errors']) {
      const lo = leaves(load('lo', ns));
      const english = leaves(load('cn', ns));
      // brand names (Lao Credit, WhatsApp, …) are the same everywhere; anything else must be translated
      const untranslated = [...lo].filter(
        ([k, v]) =>
          !lao.test(v) &&
          v === english.get(k) &&
          !/^[A-Za-z ©{}.0-9()]+$/.test(v) &&
          !/^[\p{Script=Han}\p{Script=Thai}\p{Script=Lao}\p{L} ]+$/u.test(v),
      );
      expect(untranslated).toEqual([]);
    }
  });
});
