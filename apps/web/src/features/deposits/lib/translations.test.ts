import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/lib/i18n';

type Tree = { [key: string]: string | Tree };
const files = import.meta.glob<Tree>('../../../locales/*/deposit.json', { eager: true, import: 'default' });

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else for (const [kk, vv] of leaves(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}

describe('deposit translations', () => {
  it('has the same keys in every language, none empty, with the same placeholders', () => {
    const reference = leaves(files['../../../locales/lo/deposit.json']!);
    for (const lng of LANGUAGES) {
      const tree = files[`../../../locales/${lng}/deposit.json`];
      expect(tree, `${lng}/deposit.json`).toBeDefined();
      const mine = leaves(tree!);
      expect([...mine.keys()].sort(), lng).toEqual([...reference.keys()].sort());
      for (const [key, text] of mine) {
        expect(text.trim(), `${lng} ${key}`).not.toBe('');
        const vars = (s: string) => [...s.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
        expect(vars(text), `${lng} ${key}`).toEqual(vars(reference.get(key)!));
      }
    }
  });
});
