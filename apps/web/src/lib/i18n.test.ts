import { describe, expect, it } from 'vitest';
import { i18n, i18nReady, languageCookie, loadAllNamespaces, NAMESPACES } from './i18n';
import loWallet from '../locales/lo/wallet.json';
import cnWallet from '../locales/cn/wallet.json';

const files = (lng: string) =>
  Object.keys(import.meta.glob('../locales/*/*.json'))
    .filter((p) => p.startsWith(`../locales/${lng}/`))
    .map((p) => p.slice(p.lastIndexOf('/') + 1, -'.json'.length))
    .sort();

describe('i18n namespaces', () => {
  it('starts with the visitor namespaces in Lao and loads the player ones on demand, in the language and in Lao', async () => {
    await i18nReady;
    await i18n.changeLanguage('lo');
    // the list names every file of every language: a namespace added under locales/ is added to it
    for (const lng of ['lo', 'cn', 'vn', 'th']) expect([...NAMESPACES].sort(), lng).toEqual(files(lng));
    for (const ns of ['common', 'errors', 'auth']) expect(i18n.hasResourceBundle('lo', ns), ns).toBe(true);
    for (const ns of ['deposit', 'promotion', 'wallet', 'withdraw']) expect(i18n.hasResourceBundle('lo', ns), ns).toBe(false);

    await i18n.changeLanguage('cn');
    await loadAllNamespaces();
    for (const ns of NAMESPACES) {
      expect(i18n.hasResourceBundle('cn', ns), `cn ${ns}`).toBe(true);
      expect(i18n.hasResourceBundle('lo', ns), `lo ${ns}`).toBe(true);
    }
    expect(i18n.t('wallet:credit.title')).toBe(cnWallet.credit.title);
    await i18n.changeLanguage('lo');
    expect(i18n.t('wallet:credit.title')).toBe(loWallet.credit.title);
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
  it('come one file per language: Lao without what the first bundle holds, the others whole', async () => {
    const lo = await import('../locales/lo/bundle');
    expect(Object.keys(lo.default).sort()).toEqual([
      './deposit.json',
      './limits.json',
      './promotion.json',
      './wallet.json',
      './withdraw.json',
    ]);
    for (const lng of ['cn', 'vn', 'th']) {
      const bundle = (await import(`../locales/${lng}/bundle.ts`)) as { default: Record<string, unknown> };
      expect(
        Object.keys(bundle.default)
          .map((p) => p.slice(2, -'.json'.length))
          .sort(),
        lng,
      ).toEqual(files(lng));
    }
  });
});
