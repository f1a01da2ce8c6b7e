import { test as base, expect, type Locator, type Page } from '@playwright/test';

/**
 * Every spec fails on an unexpected console error or an uncaught page error. Browsers log every 4xx
 * answer as one ("Failed to load resource"), and some are the expected outcome of a step: the 401 of
 * GET /players/info is how a visitor is told apart (SPEC.md §2), so it is always accepted.
 * `testAllowing` accepts more: resource errors whose URL matches one of `patterns`, and console
 * errors matching one of `messages` (for a spec that breaks something on purpose).
 */
const ALWAYS: readonly RegExp[] = [/\/api\/v2\/players\/info$/];

/**
 * The specs' own API calls speak for the site, as its pages do: the server refuses a state-changing
 * call that says neither Origin nor Sec-Fetch-Site (decision 041). The `request` fixture sends
 * Sec-Fetch-Site; a call through `page.request` (which shares the page's cookies, and whose extra
 * headers would also go on the browser's own requests) passes `SAME_ORIGIN` itself. The browser's own
 * calls carry their real Origin, which the server checks.
 */
export const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' } as const;

export function testAllowing(patterns: readonly RegExp[], messages: readonly RegExp[] = []) {
  const allowed = [...ALWAYS, ...patterns];
  return base.extend<{ consoleErrors: string[] }>({
    // Every journey's browser is a device of its own. Headless Chromium at one size gives every context
    // the same device fingerprint, so players of unrelated journeys met as one device: a journey taking
    // the first-deposit promotion was held as a bonus ring (decision 164) when another journey's player
    // had taken it, whenever the page's fingerprint report (1.5 s after load) came before the take.
    // Journeys that want one device for two players register both with the same fingerprint.
    context: async ({ context }, use) => {
      await context.addInitScript((memory) => {
        Object.defineProperty(Navigator.prototype, 'deviceMemory', { get: () => memory, configurable: true });
      }, Math.random());
      await use(context);
    },
    // A player page's HTML holds the page drawn by the server (decision 204): it is visible before its
    // script has made it live, and a tap then (a select, a menu) does nothing. A navigation with the default
    // wait goes on once a page drawn from its HTML is live; one that passes its own `waitUntil` looks at the
    // page before that (first paint, early input) and waits for what it needs itself.
    page: async ({ page }, use) => {
      const liveAfter =
        <A extends unknown[], R>(navigate: (...args: A) => Promise<R>, options: (args: A) => { waitUntil?: unknown } | undefined) =>
        async (...args: A): Promise<R> => {
          const res = await navigate(...args);
          if (options(args)?.waitUntil === undefined && (await page.locator('#root[data-prerendered^="/player"]').count()) > 0)
            await untilLive(page);
          return res;
        };
      page.goto = liveAfter(page.goto.bind(page), ([, options]) => options);
      page.reload = liveAfter(page.reload.bind(page), ([options]) => options);
      await use(page);
    },
    request: async ({ playwright, baseURL }, use) => {
      const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: SAME_ORIGIN });
      await use(request);
      await request.dispose();
    },
    consoleErrors: [
      async ({ page }, use) => {
        const errors: string[] = [];
        page.on('console', (msg) => {
          if (msg.type() !== 'error') return;
          const expected =
            (msg.text().startsWith('Failed to load resource') && allowed.some((re) => re.test(msg.location().url))) ||
            messages.some((re) => re.test(msg.text()));
          if (!expected) errors.push(`${msg.text()} ${msg.location().url}`.trim());
        });
        page.on('pageerror', (err) => errors.push(err.message));
        await use(errors);
        expect(errors, 'console errors on the page').toEqual([]);
      },
      { auto: true },
    ],
  });
}

export const test = testAllowing([]);

/**
 * A journey whose subject is not the layout runs at the phone's width only (decision 186): players are
 * on phones, so every journey runs in the `mobile` project, and `desktop` (1280 px) runs what changes with
 * the width: the back office, the shell, overflow, accessibility, the pages whose tables become cards.
 * `E2E_ALL_WIDTHS=1` runs these at 1280 px as well, e.g. to look at their screenshots there.
 */
export const PHONE_ONLY = { tag: '@phone' } as const;
export { expect };

/**
 * Escape on an open layer (a dialog, a drawer, a menu, a list), pressed once the layer holds the
 * focus: Radix moves the focus in and starts listening for Escape in the same effects after the
 * layer is drawn, so a key pressed the moment it is visible can land before anything listens
 * (a CI run saw the decide dialog stay open). A layer that never takes the focus fails here.
 */
export async function pressEscape(layer: Locator): Promise<void> {
  await expect.poll(() => layer.evaluate((e) => e.contains(document.activeElement)), { message: 'the focus inside the layer' }).toBe(true);
  await layer.page().keyboard.press('Escape');
}

/**
 * Waits until the player site's page is live (main.tsx marks its root once the first render is done).
 * A public page is painted from its HTML before that (decision 020): a form sent early is held and
 * sent then, but a tap on a button (a menu, show-password) lands on markup with no handler yet and does
 * nothing. A journey that presses such a button right after a navigation waits for this first
 * (CI runs saw the language menu stay shut and show-password stay off).
 */
export async function untilLive(page: Page): Promise<void> {
  await expect(page.locator('#root[data-live]')).toHaveCount(1);
}
