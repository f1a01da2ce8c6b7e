import { describe, expect, it } from 'vitest';
import { EAGER_NAMESPACES, i18n, i18nReady, languageCookie, loadAllNamespaces, NAMESPACES } from './i18n';
import { textsIn } from './locale-file';
import auth from '../locales/auth.json';
import wallet from '../locales/wallet.json';

/** The namespace files (locales/<namespace>.json, every language in each). */
const files = () =>
  Object.keys(import.meta.glob('../locales/*.json'))
    .map((p) => p.slice(p.lastIndexOf('/') + 1, -'.json'.length))
    .sort();

describe('i18n namespaces', () => {
  it('starts with the visitor namespaces and loads the player ones on demand, in the language alone', async () => {
    await i18nReady;
    await i18n.changeLanguage('lo');
    // the list names every namespace file: a namespace added under locales/ is added to it
    expect([...NAMESPACES].sort()).toEqual(files());
    for (const ns of ['common', 'errors', 'auth']) expect(i18n.hasResourceBundle('lo', ns), ns).toBe(true);
    for (const ns of ['deposit', 'promotion', 'wallet', 'withdraw']) expect(i18n.hasResourceBundle('lo', ns), ns).toBe(false);

    await i18n.changeLanguage('cn');
    await loadAllNamespaces();
    for (const ns of NAMESPACES) expect(i18n.hasResourceBundle('cn', ns), `cn ${ns}`).toBe(true);
    // Lao is no fallback (every text is in every language, decision 147): its player texts are not fetched for cn
    for (const ns of ['deposit', 'promotion', 'wallet', 'withdraw', 'limits'])
      expect(i18n.hasResourceBundle('lo', ns), `lo ${ns}`).toBe(false);
    expect(i18n.t('wallet:credit.title')).toBe(wallet.credit.title.cn);
    await i18n.changeLanguage('lo');
    await loadAllNamespaces();
    expect(i18n.t('wallet:credit.title')).toBe(wallet.credit.title.lo);
  });
});

describe('the language choice', () => {
  it('is kept in localStorage and mirrored in a cookie for the server (docs/decisions/020)', async () => {
    await i18nReady;
    await i18n.changeLanguage('vn');
    expect(localStorage.getItem('i18nextLng')).toBe('vn');
    expect(document.cookie).toContain('i18nextLng=vn');
    expect(document.documentElement.lang).toBe('vi-VN');
    await i18n.changeLanguage('lo');
    expect(document.cookie).toContain('i18nextLng=lo');
    expect(languageCookie('th')).toBe('i18nextLng=th; Path=/; Max-Age=31536000; SameSite=Lax');
  });
});

describe('the fetched translations', () => {
  it("come two files per language, the first render's namespaces and the player area's, together every namespace in that language only", async () => {
    const namesOf = (texts: Record<string, unknown>) => Object.keys(texts).map((p) => p.slice(3, -'.json'.length));
    for (const lng of ['lo', 'cn', 'vn', 'th']) {
      const first = (await import(`../locales/bundles/${lng}.first.ts`)) as { default: Record<string, unknown> };
      const bundle = (await import(`../locales/bundles/${lng}.ts`)) as { default: Record<string, unknown> };
      expect(namesOf(first.default).sort(), lng).toEqual([...EAGER_NAMESPACES].sort());
      expect([...namesOf(first.default), ...namesOf(bundle.default)].sort(), lng).toEqual(files());
      // the texts of that language alone: a leaf's other languages stay out of the player's download
      expect(bundle.default['../wallet.json'], lng).toEqual(textsIn(wallet, lng));
      expect(first.default['../auth.json'], lng).toEqual(textsIn(auth, lng));
      const other = lng === 'lo' ? 'th' : 'lo';
      expect(JSON.stringify(bundle.default), lng).not.toContain(wallet.credit.title[other]);
      expect(JSON.stringify(first.default), lng).not.toContain(auth.login.submit[other]);
    }
  });

  it('come in one file per language for a player page opened first: every namespace, in that language only (decision 194)', async () => {
    for (const lng of ['lo', 'cn', 'vn', 'th']) {
      const all = (await import(`../locales/bundles/${lng}.all.ts`)) as { default: Record<string, unknown> };
      expect(
        Object.keys(all.default)
          .map((p) => p.slice(3, -'.json'.length))
          .sort(),
        lng,
      ).toEqual(files());
      expect(all.default['../wallet.json'], lng).toEqual(textsIn(wallet, lng));
      expect(all.default['../auth.json'], lng).toEqual(textsIn(auth, lng));
      expect(JSON.stringify(all.default), lng).not.toContain(wallet.credit.title[lng === 'lo' ? 'th' : 'lo']);
    }
  });
});
