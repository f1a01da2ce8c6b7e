import { describe, expect, it } from 'vitest';
import { PROMOTION_MESSAGES, PROMOTION_USAGE_STATUSES } from '@app/contracts';
import { LANGUAGES } from '@/lib/i18n';
import { leaves, placeholders, type Tree } from '@/test/translation-tree';
import { RULE_LINE_KEYS } from './rule-lines';

const files = import.meta.glob<Tree>('../../../locales/*/promotion.json', { eager: true, import: 'default' });
const file = (lng: string) => files[`../../../locales/${lng}/promotion.json`]!;

describe('promotion translations', () => {
  const reference = leaves(file('lo'));

  it('has the same keys in every language, none empty, with the same placeholders', () => {
    for (const lng of LANGUAGES) {
      expect(file(lng), `${lng}/promotion.json`).toBeDefined();
      const mine = leaves(file(lng));
      expect([...mine.keys()].sort(), lng).toEqual([...reference.keys()].sort());
      for (const [key, text] of mine) {
        expect(text.trim(), `${lng} ${key}`).not.toBe('');
        expect(placeholders(text), `${lng} ${key}`).toEqual(placeholders(reference.get(key)!));
      }
    }
  });

  it('holds the messages of SPEC.md §8 exactly as the contracts word them', () => {
    for (const lng of LANGUAGES) expect(file(lng).messages, lng).toEqual(PROMOTION_MESSAGES[lng]);
  });

  it('names every usage status and says every rule', () => {
    for (const status of PROMOTION_USAGE_STATUSES) expect(reference.has(`status.${status}`), status).toBe(true);
    for (const key of RULE_LINE_KEYS) expect(reference.has(`rules.${key}`), key).toBe(true);
  });
});
