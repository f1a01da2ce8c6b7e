import { describe, expect, it } from 'vitest';
import { leafProblems } from '@/test/translation-tree';
import { textsIn, type LocaleFile } from './locale-file';

const file: LocaleFile = {
  title: { lo: 'ຝາກ', en: 'Deposit' },
  form: {
    amount: { lo: '{{n}} ກີບ', en: '{{n}} kip' },
    days_one: { en: '{{count}} day' },
    days_other: { lo: '{{count}} ມື້', en: '{{count}} days' },
  },
  only_en: { en: 'English' },
};

describe('a namespace file with the languages side by side', () => {
  it("gives one language's texts in the keys' order, without the leaves it lacks", () => {
    expect(textsIn(file, 'en')).toEqual({
      title: 'Deposit',
      form: { amount: '{{n}} kip', days_one: '{{count}} day', days_other: '{{count}} days' },
      only_en: 'English',
    });
    expect(textsIn(file, 'lo')).toEqual({ title: 'ຝາກ', form: { amount: '{{n}} ກີບ', days_other: '{{count}} ມື້' } });
    expect(Object.keys(textsIn(file, 'en').form as object)).toEqual(['amount', 'days_one', 'days_other']);
    expect(textsIn(file, 'th')).toEqual({});
  });

  it('names a missing language (not a plural form the language never uses), an unknown one, an empty text, other placeholders', () => {
    const languages = { lo: 'lo', en: 'en' };
    expect(leafProblems(file, languages, 'lo')).toEqual(['only_en: no lo text']);
    const bad: LocaleFile = {
      a: { lo: 'ກ', en: ' ', th: 'ก' },
      b: { lo: '{{x}} ກ', en: '{{y}} b' },
      c: { lo: 'ກ_', en: 'x' },
      c_one: { lo: '{{count}} ກ' },
      c_other: { lo: '{{count}} ກ', en: '{{count}} c' },
    };
    expect(leafProblems(bad, languages, 'lo')).toEqual([
      'a: th is not a language of the site',
      'a: the en text is empty',
      "b: the en placeholders are not lo's ({{x}})".replace('{{x}}', 'x'),
      'c_one: no en text',
    ]);
  });
});
