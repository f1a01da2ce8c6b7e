// The player site's languages, shared by the site (apps/web/src/lib/i18n.ts) and the server, which
// answers the public pages' HTML in the player's language (docs/decisions/020). No zod here: this
// module is in the site's first bundle (imported as `@app/contracts/languages`).

/** The site's languages; lo is the default (SPEC.md §1). */
export const LANGUAGES = ['lo', 'cn', 'vn', 'th'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'lo';
/** Where the choice is kept: localStorage (SPEC.md §3), mirrored in a cookie of the same name for the server. */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** A stored choice wins; otherwise the browser's language when we have it; otherwise Lao. */
export function detectLanguage(stored: string | null | undefined, browser: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  const map: Record<string, Language> = { lo: 'lo', zh: 'cn', vi: 'vn', th: 'th' };
  for (const tag of browser) {
    const found = map[tag.trim().toLowerCase().split('-')[0]!];
    if (found) return found;
  }
  return DEFAULT_LANGUAGE;
}
