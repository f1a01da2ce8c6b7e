import { isLeaf, type Leaf, type LocaleFile } from '@/lib/locale-file';

/** A translation file as imported: nested objects of strings. */
export type Tree = { [key: string]: string | Tree };

/** Every text of a tree by its dotted key (`form.amount`). */
export function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else for (const [kk, vv] of leaves(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}

/** The {{placeholders}} of a text, sorted: every language must fill in the same ones. */
export const placeholders = (s: string) => [...s.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();

/** i18next's plural forms of a key (`days_one`, `days_other`): the form, or null for a key that is none. */
const pluralForm = (key: string) => /_(zero|one|two|few|many|other)$/.exec(key)?.[1] ?? null;

/**
 * What is wrong with a namespace file whose leaves hold the languages side by side (lib/locale-file.ts):
 * a language that is not the site's, a language missing (but a plural form the language never uses, as
 * Lao's `_one`: i18next never asks for it), an empty text, {{placeholders}} unlike the reference
 * language's (its `_other` for a plural form it lacks). `languages` maps each to its locale tag (plural rules).
 */
export function leafProblems(file: LocaleFile, languages: Record<string, string>, reference: string): string[] {
  const problems: string[] = [];
  const walk = (node: LocaleFile, path: string[]) => {
    for (const [key, child] of Object.entries(node)) {
      const at = [...path, key].join('.');
      if (!isLeaf(child)) {
        walk(child as LocaleFile, [...path, key]);
        continue;
      }
      for (const lng of Object.keys(child)) if (!(lng in languages)) problems.push(`${at}: ${lng} is not a language of the site`);
      const form = pluralForm(key);
      for (const [lng, tag] of Object.entries(languages)) {
        const text = child[lng];
        const unused = form !== null && !new Intl.PluralRules(tag).resolvedOptions().pluralCategories.includes(form as Intl.LDMLPluralRule);
        if (text === undefined && !unused) problems.push(`${at}: no ${lng} text`);
        if (text !== undefined && text.trim() === '') problems.push(`${at}: the ${lng} text is empty`);
      }
      const other = form === null ? undefined : (node[key.replace(/_[a-z]+$/, '_other')] as Leaf | undefined);
      const model = child[reference] ?? other?.[reference];
      for (const [lng, text] of Object.entries(child)) {
        if (model !== undefined && placeholders(text).join() !== placeholders(model).join()) {
          problems.push(`${at}: the ${lng} placeholders are not ${reference}'s (${placeholders(model).join() || 'none'})`);
        }
      }
    }
  };
  walk(file, []);
  return problems;
}
