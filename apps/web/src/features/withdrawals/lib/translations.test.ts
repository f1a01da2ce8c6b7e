import { describe, expect, it } from 'vitest';
import { WITHDRAWAL_STATUSES, createWithdrawalBodySchema } from '@app/contracts';
import { LANGUAGES } from '@/lib/i18n';

type Tree = { [key: string]: string | Tree };
const files = import.meta.glob<Tree>('../../../locales/*/withdraw.json', { eager: true, import: 'default' });

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else for (const [kk, vv] of leaves(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}
const vars = (s: string) => [...s.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();

describe('withdraw translations', () => {
  const reference = leaves(files['../../../locales/lo/withdraw.json']!);

  it('has the same keys in every language, none empty, with the same placeholders', () => {
    for (const lng of LANGUAGES) {
      const tree = files[`../../../locales/${lng}/withdraw.json`];
      expect(tree, `${lng}/withdraw.json`).toBeDefined();
      const mine = leaves(tree!);
      expect([...mine.keys()].sort(), lng).toEqual([...reference.keys()].sort());
      for (const [key, text] of mine) {
        expect(text.trim(), `${lng} ${key}`).not.toBe('');
        expect(vars(text), `${lng} ${key}`).toEqual(vars(reference.get(key)!));
      }
    }
  });

  it("titles every status and translates every message key of the form's schema", () => {
    for (const status of WITHDRAWAL_STATUSES) expect(reference.has(`details.title_${status}`), status).toBe(true);
    const bad = [{}, { providerId: '', amount: '' }, { providerId: 'gclub', amount: '1.234' }];
    for (const body of bad) {
      const result = createWithdrawalBodySchema.safeParse(body);
      for (const issue of result.error?.issues ?? []) {
        expect(reference.has(`validation.${issue.message.split('.').pop()}`), issue.message).toBe(true);
      }
    }
  });
});
