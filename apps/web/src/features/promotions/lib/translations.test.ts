import { describe, expect, it } from 'vitest';
import { PROMOTION_MESSAGES, PROMOTION_USAGE_STATUSES } from '@app/contracts';
import { LANGUAGES } from '@/lib/i18n';
import { RULE_LINE_KEYS } from './rule-lines';

type Tree = { [key: string]: string | Tree };
const files = import.meta.glob<Tree>('../../../locales/*/promotion.json', { eager: true, import: 'default' });
const file = (lng: string) => files[`../../../locales/${lng}/promotion.json`]!;

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else for (const [kk, vv] of leaves(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}
const vars = (s: string) => [...s.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();

describe('promotion translations', () => {
  const reference = leaves(file('lo'));

  it('has the same keys in every language, none empty, with the same placeholders', () => {
    for (const lng of LANGUAGES) {
      expect(file(lng), `${lng}/promotion.json`).toBeDefined();
      const mine = leaves(file(lng));
      expect([...mine.keys()].sort(), lng).toEqual([...reference.keys()].sort());
      for (const [key, text] of mine) {
        expect(text.trim(), `${lng} ${key}`).not.toBe('');
        expect(vars(text), `${lng} ${key}`).toEqual(vars(reference.get(key)!));
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
