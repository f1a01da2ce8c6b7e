/**
 * A namespace's translation file (locales/<namespace>.json, backoffice/locales/<area>.json): the keys
 * nested as i18next reads them, and at each text a leaf with the languages side by side,
 * `"title": { "lo": "…", "cn": "…", "vn": "…", "th": "…" }` (docs/decisions/147). No imports: the build
 * (vite-plugins/locale-language.ts) and the end-to-end tests read it too.
 */
export type LocaleFile = { [key: string]: LocaleFile | Leaf };
/** One text in each language. */
export type Leaf = { [language: string]: string };
/** The texts of one language, as i18next takes a namespace. */
export type Texts = { [key: string]: string | Texts };

/** A leaf: an object of strings only (a group holds objects). */
export function isLeaf(node: LocaleFile | Leaf): node is Leaf {
  const values = Object.values(node);
  return values.length > 0 && values.every((v) => typeof v === 'string');
}

/**
 * The texts of `language` in a namespace file, in its keys' order. A leaf without the language (a
 * plural form the language never uses, `_one` in Lao) is left out, and so is a group left empty.
 */
export function textsIn(file: LocaleFile, language: string): Texts {
  const out: Texts = {};
  for (const [key, node] of Object.entries(file)) {
    if (typeof node !== 'object' || node === null) throw new Error(`${key}: a leaf or a group of keys expected`);
    if (isLeaf(node)) {
      if (node[language] !== undefined) out[key] = node[language];
      continue;
    }
    const inner = textsIn(node as LocaleFile, language);
    if (Object.keys(inner).length > 0) out[key] = inner;
  }
  return out;
}

/** The texts of one language with the keys of the file's type (a JSON module's): `textsOf(common, 'lo').pages.login` is a string. */
export type TextsOf<F> = { [K in keyof F]: F[K] extends Leaf ? string : TextsOf<F[K]> };
export const textsOf = <F extends LocaleFile>(file: F, language: string) => textsIn(file, language) as TextsOf<F>;
