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
