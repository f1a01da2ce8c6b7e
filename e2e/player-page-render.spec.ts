import { expect, PHONE_ONLY, testAllowing } from './fixtures';
import { keptSinceMarked, lo as loTexts, localeTexts, markPage, pick, registerPlayer } from './helpers';

// A logged-in player's page is drawn by the server into its HTML (decision 204): it paints before any
// script has run on a slow phone, and the browser's first render keeps it. At the phone's width, where the
// bottom bar is (decision 186). Expected errors: the scripts this spec blocks.
const test = testAllowing([/\/assets\/[\w.-]+\.js$/]);
const common = loTexts('common');
const deposit = loTexts('deposit');
const thCommon = localeTexts('common', 'th');
const ENTRY = /\/assets\/index-[\w-]+\.js$/;

test.describe("a player's page, drawn by the server", PHONE_ONLY, () => {
  test("with every script blocked: /player/deposit paints the player's form, in Lao and in the cookie's language", async ({
    page,
    context,
    baseURL,
  }) => {
    const { username } = await registerPlayer(page.request);
    const limits = ((await (await page.request.get('/api/v2/agency/info')).json()) as { agency: { limits: { depositMinLak: string } } })
      .agency.limits;
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto('/player/deposit', { waitUntil: 'load' });
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', '/player/deposit');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pick(common, 'pages.deposit'));
    await expect(page.getByText(username).first()).toBeVisible();
    const form = page.getByTestId('deposit-form');
    await expect(form.getByLabel(pick(deposit, 'form.amount'))).toBeVisible();
    await expect(form.getByTestId('amount-limits')).toContainText(Number(limits.depositMinLak).toLocaleString('en-US'));
    await expect(page.getByTestId('bottom-bar')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'lo-LA');
    // styled by the inline sheet, without any stylesheet request: the submit button has its colour
    await expect(form.getByRole('button', { name: pick(deposit, 'form.submit') })).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
    expect(await page.locator('link[rel=stylesheet]').count()).toBe(0);
    // no inline script: the answers are data (application/json), which the CSP does not run
    expect(await page.locator('script:not([src]):not([type="application/json"])').count()).toBe(0);

    await context.addCookies([{ name: 'i18nextLng', value: 'th', url: baseURL! }]);
    await page.goto('/player/deposit', { waitUntil: 'load' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pick(thCommon, 'pages.deposit'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'th-TH');
  });

  test('the first render keeps the page: no node replaced, no layout shift; an amount typed early is sent', async ({ page }) => {
    await registerPlayer(page.request);
    let release = () => {};
    const entry = new Promise<void>((resolve) => (release = resolve));
    await page.route(ENTRY, async (route) => {
      await entry;
      await route.continue();
    });
    await page.goto('/player/deposit', { waitUntil: 'commit' });
    const form = page.getByTestId('deposit-form');
    await expect(form).toBeVisible();
    await markPage(page);
    await form.getByLabel(pick(deposit, 'form.amount')).fill('100000');
    release();
    await expect(page.locator('#root[data-live]')).toHaveCount(1);
    // the credit at the provider, read once live, is in: every later change of the form is done
    await expect(form.getByTestId('credit-preview')).toContainText(/144[.,]92/);
    const { kept, total, shift } = await keptSinceMarked(page);
    expect(total).toBeGreaterThan(100);
    expect(total - kept, `${total - kept} of ${total} nodes replaced`).toBe(0);
    expect(shift).toBeLessThan(0.01);
    await expect(form.getByLabel(pick(deposit, 'form.amount'))).toHaveValue('100000');
    await form.getByRole('button', { name: pick(deposit, 'form.submit') }).click();
    await expect(page.getByTestId('deposit-qr').getByTestId('qr-amount')).toContainText(/100[.,]000/);
    // the chunks loaded since (the form's checks, the fingerprint's report) did not ask for the stylesheet
    // the page has inline: no second download, no restyle of the whole page (decision 205)
    expect(await page.locator('link[rel=stylesheet]').count()).toBe(0);
  });

  test('a page opened again after the deposit is drawn with its open order: the QR, not the form', async ({ page }) => {
    await registerPlayer(page.request);
    await page.goto('/player/deposit');
    const form = page.getByTestId('deposit-form');
    await form.getByLabel(pick(deposit, 'form.amount')).fill('100000');
    await form.getByRole('button', { name: pick(deposit, 'form.submit') }).click();
    await expect(page.getByTestId('deposit-qr').getByTestId('qr-amount')).toContainText(/100[.,]000/);
    // in a page of its own: the live page, its scripts blocked, would reload itself to fetch them again
    const again = await page.context().newPage();
    await again.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await again.goto('/player/deposit', { waitUntil: 'load' });
    await expect(again.locator('#root')).toHaveAttribute('data-prerendered', '/player/deposit');
    await expect(again.getByTestId('deposit-qr').getByTestId('qr-amount')).toContainText(/100[.,]000/);
    await expect(again.getByTestId('deposit-form')).toHaveCount(0);
  });
});
