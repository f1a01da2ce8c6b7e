import { describe, expect, it } from 'vitest';
import { CREDIT_MOVE_STATUSES, ERROR_CODES } from '@app/contracts';
import { LANGUAGES } from '@/lib/i18n';
import { leaves, placeholders, type Tree } from '@/test/translation-tree';

// the move dialog's texts live beside it, out of the bundles (decision 176): held here as locales/ holds the others
const files = import.meta.glob<Tree>('./*.json', { eager: true, import: 'default' });
const load = (lng: string) => files[`./${lng}.json`]!;

describe('move dialog texts', () => {
  const reference = leaves(load('lo'));

  it('say every status a move can be in, and every refusal of a move in full', () => {
    expect(CREDIT_MOVE_STATUSES.filter((s) => !reference.get(`status.${s}`))).toEqual([]);
    const refusals = ERROR_CODES.filter((code) => code.startsWith('MOVE_'));
    expect(refusals.length).toBeGreaterThan(3);
    expect(refusals.filter((code) => !reference.get(`refusal.${code}`))).toEqual([]);
  });

  it.each(LANGUAGES)('%s has lo keys, none empty, the same placeholders, its own words', (lng) => {
    const texts = leaves(load(lng));
    expect([...texts.keys()].sort()).toEqual([...reference.keys()].sort());
    expect([...texts].filter(([, v]) => !v.trim())).toEqual([]);
    expect([...texts].filter(([k, v]) => placeholders(v).join() !== placeholders(reference.get(k)!).join())).toEqual([]);
    if (lng !== 'lo') expect(texts.get('status.RETURNED')).not.toBe(reference.get('status.RETURNED'));
  });
});
