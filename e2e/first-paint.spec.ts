import type { Page } from '@playwright/test';
import { expect, PHONE_ONLY, testAllowing } from './fixtures';
import { addBankAccount, keptSinceMarked, lo as loTexts, markPage, pick, registerPlayer } from './helpers';
import authFile from '../apps/web/src/locales/auth.json' with { type: 'json' };
import { textsOf } from '../apps/web/src/lib/locale-file';

// The public pages are prerendered into their HTML (docs/decisions/020). Expected errors: the visitor's
// 401, the scripts this spec blocks, and the unknown host's 404 on agency info.
const test = testAllowing([/\/api\/v2\/players\/info$/, /\/assets\/[\w.-]+\.js$/, /\/api\/v2\/agency\/info$/]);
const auth = loTexts('auth');
const cn = textsOf(authFile, 'cn');
const common = loTexts('common');
const ENTRY = /\/assets\/index-[\w-]+\.js$/;

/** The paths the page requests from now on: its API calls, its scripts and its fonts. */
function requestsOf(page: Page) {
  const seen = { calls: [] as string[], scripts: [] as string[], fonts: [] as string[] };
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) seen.calls.push(url.pathname);
    if (r.resourceType() === 'script') seen.scripts.push(url.pathname);
    if (r.resourceType() === 'font') seen.fonts.push(url.pathname);
  });
  return seen;
}

test.describe('the public pages paint from their HTML', () => {
  test('with every script blocked: /login and / in Lao, /login in the language of the cookie, no inline script', async ({
    page,
    context,
    baseURL,
  }) => {
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pick(auth, 'login.title'));
    await expect(page.getByLabel(pick(auth, 'login.username'))).toBeVisible();
    await expect(page.getByTestId('header-login')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'lo-LA');
    // styled by the inline sheet, without any stylesheet request: the submit button has its colour
    await expect(page.getByTestId('login-form').getByRole('button', { name: pick(auth, 'login.submit') })).not.toHaveCSS(
      'background-color',
      'rgba(0, 0, 0, 0)',
    );
    expect(await page.locator('link[rel=stylesheet]').count()).toBe(0);
    // one inline script only: a returning visitor's language switch (decision 173), allowed by its hash
    expect(await page.locator('script:not([src])').count()).toBe(1);
    expect(await page.locator('script:not([src])').textContent()).toContain('lang-switch');

    await page.goto('/');
    await expect(page.getByTestId('home-register')).toBeVisible();

    await context.addCookies([{ name: 'i18nextLng', value: 'cn', url: baseURL! }]);
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(cn.login.title);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  });

  test(
    'a returning visitor whose choice is only in localStorage gets the page in that language, scripts blocked (issue #35 defect 6)',
    PHONE_ONLY,
    async ({ page, context }) => {
      await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
      await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'cn'));
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(cn.login.title);
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
      expect((await context.cookies()).find((c) => c.name === 'i18nextLng')?.value).toBe('cn');
    },
  );

  test('a host no agency has gets the spinner, then the contact-Support page (SPEC.md §1, §2)', PHONE_ONLY, async ({ page, baseURL }) => {
    const unknown = baseURL!.replace('localhost', '127.0.0.2');
    let release = () => {};
    const entry = new Promise<void>((resolve) => (release = resolve));
    await page.route(ENTRY, async (route) => {
      await entry;
      await route.continue();
    });
    await page.goto(`${unknown}/login`, { waitUntil: 'commit' });
    await expect(page.getByRole('status', { name: 'Loading' })).toBeVisible();
    await expect(page.getByTestId('login-form')).toHaveCount(0);
    release();
    await expect(page.getByTestId('agency-error')).toContainText(pick(common, 'agency_error.title'));
    await expect(page.getByTestId('header')).toHaveCount(0);
  });

  test('the first render keeps the page: no node replaced, no layout shift; the form works with zod arriving late', async ({
    page,
    request,
  }) => {
    const { username, password } = await registerPlayer(request);
    let release = () => {};
    const entry = new Promise<void>((resolve) => (release = resolve));
    await page.route(ENTRY, async (route) => {
      await entry;
      await route.continue();
    });
    await page.route(/\/assets\/login-resolver-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'commit' });
    await expect(page.getByTestId('login-form')).toBeVisible();
    await markPage(page);
    await page.getByLabel(pick(auth, 'login.username')).fill(username);
    release();
    // the toaster mounts once the page is live and the browser idle
    await expect(page.getByRole('region', { name: /F8/ })).toHaveCount(1);
    const { kept, total, shift } = await keptSinceMarked(page);
    expect(total).toBeGreaterThan(50);
    expect(kept).toBe(total);
    expect(shift).toBeLessThan(0.01);
    await expect(page.getByLabel(pick(auth, 'login.username'))).toHaveValue(username);

    await page.getByLabel(pick(auth, 'login.password')).fill(password);
    await page
      .getByTestId('login-form')
      .getByRole('button', { name: pick(auth, 'login.submit') })
      .click();
    await expect(page).toHaveURL(/\/player$/);
  });

  test(
    'a form sent after the script started but before its first render is sent by the page once it is live',
    PHONE_ONLY,
    async ({ page, request }) => {
      const { username, password } = await registerPlayer(request);
      // the first render waits for the agency (SPEC.md §1): held here, the script has run and the page is not live yet
      let release = () => {};
      const agency = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/v2/agency/info', async (route) => {
        await agency;
        await route.continue();
      });
      await page.goto('/login', { waitUntil: 'domcontentloaded' });
      const navigations: string[] = [];
      page.on('framenavigated', (f) => navigations.push(f.url()));
      await page.getByLabel(pick(auth, 'login.username')).fill(username);
      await page.getByLabel(pick(auth, 'login.password')).fill(password);
      await page
        .getByTestId('login-form')
        .getByRole('button', { name: pick(auth, 'login.submit') })
        .click();
      await expect(page.getByLabel(pick(auth, 'login.password'))).toHaveValue(password);
      release();
      await expect(page).toHaveURL(/\/player$/);
      // no reload by the browser's own submission: the page moved on by itself
      expect(navigations.filter((u) => u.endsWith('/login'))).toEqual([]);
    },
  );

  test(
    '/player/deposit: the form paints with only what its HTML preloads or holds, and makes none of its first reads (docs/decisions/076, 077)',
    PHONE_ONLY,
    async ({ page }) => {
      await registerPlayer(page.request);
      const html = await (await page.request.get('/player/deposit')).text();
      const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
      const chunks = new Set([...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]!));
      const preloadedReads = [...html.matchAll(/<link rel="preload" href="(\/api\/[^"]+)" as="fetch"/g)].map((m) => m[1]!);
      const answers = JSON.parse(/<script type="application\/json" id="page-answers">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}') as Record<
        string,
        unknown
      >;
      expect(entry).toBeDefined();
      // the route's chunks and the player area's translations (Lao's file of what the entry does not hold)
      expect(chunks.size).toBeGreaterThanOrEqual(4);
      // the first reads are answered in the HTML itself (the server asked itself), not preloaded
      const reads = [
        '/api/v2/agency/info',
        '/api/v2/players/info',
        '/api/v2/deposits/open',
        '/api/v2/players/promotions/using',
        '/api/v2/currencies',
      ];
      expect(Object.keys(answers).sort()).toEqual([...reads].sort());
      expect(preloadedReads).toEqual([]);

      // anything the HTML does not name waits until the form is on screen: the form must not need it
      let release = () => {};
      const painted = new Promise<void>((resolve) => (release = resolve));
      const held: string[] = [];
      await page.route(/\/(assets\/[\w.-]+\.js|api\/.*)$/, async (route) => {
        const path = new URL(route.request().url()).pathname;
        if (path !== entry && !chunks.has(path)) {
          held.push(path);
          await painted;
        }
        await route.continue();
      });
      const { calls, fonts } = requestsOf(page);
      await page.goto('/player/deposit');
      await expect(page.getByTestId('deposit-form')).toBeVisible();
      await expect(page.getByTestId('deposit-form').getByLabel(pick(loTexts('deposit'), 'form.currency'))).toContainText('LAK');
      await expect(page.getByTestId('header')).toContainText(/\S/);
      release();
      // the later parts do arrive: the footer, the credit at the chosen provider
      await expect(page.getByTestId('provider-credit')).toHaveText(/THB/);
      expect(held.length).toBeGreaterThan(0);
      // the page took the answers its HTML held: none of its first reads was requested
      expect(calls.filter((c) => reads.includes(c))).toEqual([]);
      // Lao text is drawn with Noto Sans Lao, the system's own copy where it has one (Android's, this machine's:
      // .ci/run installs fonts-noto-core), else the site's Lao subset; Latin with the system's font. The HTML
      // preloads no font file, so none competes with the scripts for a slow line (decision 200).
      expect(html).not.toMatch(/rel="preload"[^>]+as="font"/);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('DOM.enable');
      await cdp.send('CSS.enable');
      const { root } = await cdp.send('DOM.getDocument');
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '[data-testid="deposit-form"] label' });
      const { fonts: drawnWith } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      const lao = drawnWith.find((f) => f.familyName === 'Noto Sans Lao');
      expect(lao, JSON.stringify(drawnWith)).toBeDefined();
      const fetched = [...new Set(fonts)].map((f) => /noto-sans-lao-(\w+-\d+)-normal/.exec(f)?.[1] ?? f);
      if (lao!.isCustomFont) for (const font of fetched) expect(['lao-400', 'lao-700']).toContain(font);
      else expect(fetched).toEqual([]);
      // what the page runs as it loads is compiled as it streams in (V8's hint on its first line); the
      // footer, which no page's HTML preloads and which arrives after the page, compiles as it runs
      // (docs/decisions/085)
      const hint = '//# allFunctionsCalledOnLoad';
      const firstLine = async (path: string) => (await (await page.request.get(path)).text()).split('\n', 1)[0];
      for (const path of [entry!, ...chunks]) expect(await firstLine(path), path).toBe(hint);
      const footer = held.find((p) => /\/assets\/footer-[\w-]+\.js$/.test(p));
      expect(footer, held.join(', ')).toBeDefined();
      expect(await firstLine(footer!)).not.toBe(hint);
    },
  );

  test(
    '/player/bank: the account from the answer its HTML holds, without the form and react-hook-form (a player with none gets them with the page)',
    PHONE_ONLY,
    async ({ page }) => {
      await registerPlayer(page.request);
      await addBankAccount(page.request, 'VANNA');
      const html = await (await page.request.get('/player/bank')).text();
      expect(html).toContain('"/api/v2/players/bank-accounts":');
      const { calls, scripts } = requestsOf(page);
      await page.goto('/player/bank');
      await expect(page.getByTestId('bank-account')).toContainText('VANNA');
      await page.waitForLoadState('networkidle');
      expect(calls).not.toContain('/api/v2/players/bank-accounts');
      expect(scripts.filter((s) => /\/assets\/(forms|bank-account-form)-[\w-]+\.js$/.test(s))).toEqual([]);
      expect(scripts.length).toBeGreaterThan(3);
    },
  );

  test(
    '/player/withdraw: the form paints from the answers its HTML holds, without the promotion card of a player holding none (decision 194)',
    PHONE_ONLY,
    async ({ page }) => {
      await registerPlayer(page.request);
      await addBankAccount(page.request, 'SOMPHONE');
      const html = await (await page.request.get('/player/withdraw')).text();
      const answers = JSON.parse(/<script type="application\/json" id="page-answers">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}') as Record<
        string,
        unknown
      >;
      const reads = [
        '/api/v2/agency/info',
        '/api/v2/players/info',
        '/api/v2/withdrawals/open',
        '/api/v2/players/promotions/using',
        '/api/v2/players/bank-accounts',
        '/api/v2/currencies',
      ];
      expect(Object.keys(answers).sort()).toEqual([...reads].sort());
      const { calls, scripts } = requestsOf(page);
      await page.goto('/player/withdraw');
      await expect(page.getByTestId('withdraw-form')).toBeVisible();
      await expect(page.getByTestId('withdraw-form')).toContainText('SOMPHONE');
      await page.waitForLoadState('networkidle');
      // the page took the answers its HTML held: none of its first reads was requested
      expect(calls.filter((c) => reads.includes(c))).toEqual([]);
      // the card of a promotion in use (its own chunk) is not downloaded by a player holding none
      expect(scripts.filter((s) => /\/assets\/promotion-in-use-[\w-]+\.js$/.test(s))).toEqual([]);
      expect(scripts.length).toBeGreaterThan(3);
    },
  );
});
