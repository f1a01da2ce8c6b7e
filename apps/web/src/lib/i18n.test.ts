import { describe, expect, it } from 'vitest';
import { i18n, i18nReady, languageCookie, loadAllNamespaces, NAMESPACES } from './i18n';
import { textsIn } from './locale-file';
import wallet from '../locales/wallet.json';

/** The namespace files (locales/<namespace>.json, every language in each). */
const files = () =>
  Object.keys(import.meta.glob('../locales/*.json'))
    .map((p) => p.slice(p.lastIndexOf('/') + 1, -'.json'.length))
    .sort();

describe('i18n namespaces', () => {
  it('starts with the visitor namespaces in Lao and loads the player ones on demand, in the language alone', async () => {
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
  it('come one file per language: Lao without what the first bundle holds, the others whole, each in its language only', async () => {
    const lo = await import('../locales/bundles/lo');
    expect(Object.keys(lo.default).sort()).toEqual([
      '../deposit.json',
      '../limits.json',
      '../promotion.json',
      '../wallet.json',
      '../withdraw.json',
    ]);
    expect(lo.default['../wallet.json']).toEqual(textsIn(wallet, 'lo'));
    for (const lng of ['cn', 'vn', 'th']) {
      const bundle = (await import(`../locales/bundles/${lng}.ts`)) as { default: Record<string, unknown> };
      expect(
        Object.keys(bundle.default)
          .map((p) => p.slice(3, -'.json'.length))
          .sort(),
        lng,
      ).toEqual(files());
      // the texts of that language alone: a leaf's other languages stay out of the player's download
      expect(bundle.default['../wallet.json'], lng).toEqual(textsIn(wallet, lng));
      expect(JSON.stringify(bundle.default), lng).not.toContain(wallet.credit.title.lo);
    }
  });
});
