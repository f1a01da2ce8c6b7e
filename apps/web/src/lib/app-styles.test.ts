import { afterEach, describe, expect, it } from 'vitest';
import { appStylesReady } from './app-styles';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('appStylesReady', () => {
  it('without a preloaded stylesheet (development) there is nothing to wait for', async () => {
    await expect(appStylesReady()).resolves.toBeUndefined();
    expect(document.querySelectorAll('link[rel="stylesheet"]')).toHaveLength(0);
  });

  it('applies the preloaded stylesheet and resolves once it has loaded, not before', async () => {
    document.head.innerHTML = '<link rel="preload" as="style" data-app-css crossorigin href="/assets/index-abc.css">';
    let done = false;
    const ready = appStylesReady().then(() => (done = true));
    const sheet = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')!;
    expect(new URL(sheet.href).pathname).toBe('/assets/index-abc.css');
    expect(sheet.getAttribute('crossorigin')).toBe('');
    await Promise.resolve();
    expect(done).toBe(false);
    sheet.dispatchEvent(new Event('load'));
    await ready;
    expect(done).toBe(true);
  });

  it('a stylesheet that fails to load does not keep the site from starting', async () => {
    document.head.innerHTML = '<link rel="preload" as="style" data-app-css href="/assets/gone.css">';
    const ready = appStylesReady();
    document.querySelector('link[rel="stylesheet"]')!.dispatchEvent(new Event('error'));
    await expect(ready).resolves.toBeUndefined();
  });
});
