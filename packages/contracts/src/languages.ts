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

/** BCP 47 tags for the html lang attribute and Intl. */
export const LOCALE_TAG: Record<Language, string> = { lo: 'lo-LA', cn: 'zh-CN', vn: 'vi-VN', th: 'th-TH' };

/**
 * The one inline script, in the head of the prerendered public pages only
 * (docs/decisions/173-returning-visitor-language.md): a returning visitor whose choice is in localStorage
 * but whose cookie is gone would be sent the page in Lao and read it until the site switched. Before anything paints, it writes the cookie and asks for the page again, which the
 * server then answers in the visitor's language. Once per language and tab (sessionStorage), and only
 * when the cookie could be written: never a loop. Allowed by its hash in the CSP (plugins/security.ts).
 */
export const LANGUAGE_SWITCH_SCRIPT =
  `(function(){try{var s=localStorage.getItem('${LANGUAGE_STORAGE_KEY}'),t=${JSON.stringify(LOCALE_TAG)}[s],k='lang-switch';` +
  `if(!t||t===document.documentElement.lang||sessionStorage.getItem(k)===s)return;` +
  `document.cookie='${LANGUAGE_STORAGE_KEY}='+s+'; Path=/; Max-Age=31536000; SameSite=Lax';` +
  `if(document.cookie.indexOf('${LANGUAGE_STORAGE_KEY}='+s)<0)return;sessionStorage.setItem(k,s);location.reload()}catch(e){}})()`;
