import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@app/contracts';
import { LANGUAGES } from '@/lib/i18n';
import { leaves, placeholders, type Tree } from '@/test/translation-tree';

// the same files the app bundles
const files = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });

function load(lng: string, ns: string): Tree {
  const tree = files[`./${lng}/${ns}.json`];
  if (!tree) throw new Error(`no ${lng}/${ns}.json`);
  return tree;
}

function namespaces(lng: string): string[] {
  return Object.keys(files)
    .filter((p) => p.startsWith(`./${lng}/`))
    .map((p) => p.slice(p.lastIndexOf('/') + 1, -'.json'.length));
}

describe('translations', () => {
  it.each(LANGUAGES)('errors.json of %s translates every error code of the contracts', (lng) => {
    const errors = load(lng, 'errors');
    const missing = ERROR_CODES.filter((code) => typeof errors[code] !== 'string' || errors[code] === '');
    expect(missing, `codes without a ${lng} translation`).toEqual([]);
  });

  // every namespace the player site bundles (the features' own tests add what is particular to theirs:
  // the keys their schemas and statuses need)
  it.each(namespaces('lo'))('%s has the same keys in every language, none empty, with the same placeholders', (ns) => {
    const reference = leaves(load('lo', ns));
    for (const lng of LANGUAGES) {
      const keys = leaves(load(lng, ns));
      expect(
        [...reference.keys()].filter((k) => !keys.has(k)),
        `${lng}/${ns}.json lacks`,
      ).toEqual([]);
      expect(
        [...keys.keys()].filter((k) => !reference.has(k)),
        `${lng}/${ns}.json has extra`,
      ).toEqual([]);
      expect(
        [...keys].filter(([, v]) => v.trim() === '').map(([k]) => k),
        `${lng}/${ns}.json empty`,
      ).toEqual([]);
      expect(
        [...keys].filter(([k, v]) => placeholders(v).join() !== placeholders(reference.get(k) ?? '').join()).map(([k]) => k),
        `${lng}/${ns}.json placeholders unlike lo's`,
      ).toEqual([]);
    }
  });

  it('every namespace file of lo exists in each language', () => {
    const names = namespaces('lo');
    for (const lng of LANGUAGES) {
      const present = namespaces(lng);
      expect(
        names.filter((f) => !present.includes(f)),
        `missing in ${lng}`,
      ).toEqual([]);
    }
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
