import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { textsIn, type LocaleFile } from '../src/lib/locale-file.ts';

/** `<file>.json?lang=<language>` (the dev server and Vitest add `import&` before it). */
const REQUEST = /^([^?]+\.json)\?(?:[^#]*&)?lang=([a-z]{2})(?:&|$)/;

/**
 * `import texts from './deposit.json?lang=th'` (or a glob with `query: { lang: 'th' }`): one language's
 * texts out of a namespace file that holds every language side by side (src/lib/locale-file.ts,
 * docs/decisions/147), as a module whose default export is those texts, as the per-language files were
 * before: a page fetches its own language only, and the bytes are the same. Edits to the file reload each
 * language's module (the dev server watches the file under every query).
 */
export function localeLanguage(): Plugin {
  return {
    name: 'locale-language',
    enforce: 'pre',
    load(id) {
      const match = REQUEST.exec(id);
      if (!match) return null;
      const [, file, language] = match;
      this.addWatchFile(file!);
      const texts = textsIn(JSON.parse(readFileSync(file!, 'utf8')) as LocaleFile, language!);
      // a language the file does not have (a mistyped query) is an error, not an empty namespace
      if (Object.keys(texts).length === 0) throw new Error(`locale-language: ${file} has no text in ${language}`);
      // JSON is an expression of JavaScript: the build minifies it as it did the JSON modules
      return { code: `export default ${JSON.stringify(texts)};\n`, moduleType: 'js' };
    },
  };
}
