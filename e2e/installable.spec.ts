import { expect, PHONE_ONLY, testAllowing } from './fixtures';

// Offline on purpose: the browser logs the failed requests of the pages it could not reach.
const test = testAllowing([/./], [/ERR_INTERNET_DISCONNECTED|Failed to (fetch|load)|net::/]);

type Manifest = {
  name: string;
  short_name: string;
  lang: string;
  display: string;
  start_url: string;
  scope: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
};

test(
  'the browser finds the manifest, its icons and the service worker; offline, a page navigation shows the offline page',
  PHONE_ONLY,
  async ({ page, context }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = (await (await page.request.get(href!)).json()) as Manifest;
    expect(manifest).toMatchObject({ lang: 'lo', display: 'standalone', start_url: '/player', scope: '/', theme_color: '#0b1020' });
    expect(manifest.name).toMatch(/ລາວ/);
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const size = Number(icon.sizes.split('x')[0]);
      // decoded by the browser at its stated size
      const drawn = await page.evaluate(async (src) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        return [img.naturalWidth, img.naturalHeight];
      }, icon.src);
      expect(drawn, icon.src).toEqual([size, size]);
    }

    const worker = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(worker).toMatch(/\/sw\.js$/);
    // a page opened after the worker took over is controlled by it
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await context.setOffline(true);
    // money is never answered from a cache: the API fails offline like any request
    const api = await page.evaluate(() =>
      fetch('/api/v2/agency/info').then(
        () => 'answered',
        () => 'failed',
      ),
    );
    expect(api).toBe('failed');
    await page.goto('/player/deposit');
    await expect(page.getByTestId('offline-page')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'ບໍ່ມີອິນເຕີເນັດ' })).toBeVisible();
    await context.setOffline(false);
    await page.reload();
    await expect(page.getByTestId('offline-page')).toHaveCount(0);
  },
);
