import { expect, PHONE_ONLY, pressEscape, test } from './fixtures';
import { registerPlayer } from './helpers';
import { PLAYER_LANGUAGES, addBankAccount, openAsPlayer, overflowing, texts, useLanguage } from './player-i18n';

// The player's pages as players expect them.
for (const lng of PLAYER_LANGUAGES) {
  test(
    `${lng}: betflix is offered, the game page's Deposit preselects it, the currency is named in ${lng}, with the credit there`,
    PHONE_ONLY,
    async ({ page }) => {
      const tr = texts(lng);
      await useLanguage(page, lng);
      await registerPlayer(page.request);
      await page.goto('/player/game/betflix');
      await page.getByTestId('credit-deposit').click();
      await expect(page).toHaveURL(/\/player\/deposit\?provider=betflix$/);
      const form = page.getByTestId('deposit-form');
      await expect(form).toBeVisible({ timeout: 30_000 });
      await expect(form.getByLabel(tr('deposit', 'form.provider'))).toContainText('Betflix');
      await expect(form.getByLabel(tr('deposit', 'form.currency'))).toHaveText(tr('wallet', 'currency_names.LAK'));
      await expect(form.getByTestId('provider-credit')).toHaveText(/^0[.,]00 THB$/);
      // every provider, betflix included, in the withdraw form too
      await form.getByLabel(tr('deposit', 'form.provider')).click();
      await expect(page.getByRole('option')).toHaveText(['GClub', 'GClub Live', 'AskMeBet', 'Alphabet', 'Betflix']);
      await pressEscape(page.getByRole('listbox'));
    },
  );

  test(`${lng}: after cancelling a deposit the next one opens (the currency stays chosen)`, PHONE_ONLY, async ({ page }) => {
    const { tr, form } = await openAsPlayer(page, lng, '/player/deposit', 'deposit-form');
    await form.getByLabel(tr('deposit', 'form.amount')).fill('100000');
    await form.getByRole('button', { name: tr('deposit', 'form.submit') }).click();
    const qr = page.getByTestId('deposit-qr');
    await qr.getByRole('button', { name: tr('deposit', 'qr.close') }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: tr('deposit', 'close.confirm') })
      .click();
    await expect(form).toBeVisible();
    await expect(form.getByLabel(tr('deposit', 'form.currency'))).toHaveText(tr('wallet', 'currency_names.LAK'));
    await form.getByLabel(tr('deposit', 'form.amount')).fill('120000');
    await form.getByRole('button', { name: tr('deposit', 'form.submit') }).click();
    await expect(qr.getByTestId('qr-amount')).toHaveText(/^120[.,]000 LAK$/);
    // the history: one order (canceled) and the open one; on a phone each is a card with everything in view
    await page.goto('/player/deposit/history');
    const rows = page.getByTestId('deposit-row');
    await expect(rows).toHaveCount(2);
    for (const row of await rows.all()) {
      const box = (await row.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
      await expect(row).toContainText(/LAK/);
    }
    // no sideways scroll anywhere on the page
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  });

  test(`${lng}: one current page, a pager clamped to the last page, an empty history with its next step, a skip link, focus back to the drawer button`, async ({
    page,
  }) => {
    const tr = texts(lng);
    await useLanguage(page, lng);
    await registerPlayer(page.request);
    await page.goto('/player/deposit/history?page=99');
    const empty = page.getByTestId('history-empty');
    await expect(empty).toContainText(tr('deposit', 'history.empty'), { timeout: 30_000 });
    await expect(page).toHaveURL(/page=1\b/);
    // Deposit does not claim the history as its page; at most one link (the history's own) is the current page
    expect(await page.locator('[aria-current="page"]:visible').count()).toBeLessThanOrEqual(1);
    if (await page.getByTestId('header-deposit').isVisible())
      await expect(page.getByTestId('header-deposit')).not.toHaveAttribute('aria-current', 'page');
    await empty.getByRole('link', { name: tr('deposit', 'history.start') }).click();
    await expect(page).toHaveURL(/\/player\/deposit$/);
    await expect(page.locator('[aria-current="page"]:visible')).toHaveCount(1);

    // on a page just opened, the keyboard's first stop skips to the page
    await page.reload();
    await expect(page.getByTestId('deposit-form')).toBeVisible({ timeout: 30_000 });
    await page.keyboard.press('Tab');
    const skip = page.getByTestId('skip-link');
    await expect(skip).toBeFocused();
    await expect(skip).toHaveText(tr('common', 'nav.skip'));
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();

    // the drawer gives the focus back to its button when it closes
    const opener = page.getByTestId('drawer-open');
    await opener.click();
    await pressEscape(page.getByTestId('side-drawer'));
    await expect(page.getByTestId('side-drawer')).toHaveCount(0);
    await expect(opener).toBeFocused();
  });
}

// No text overflows its box at a phone's width (Vietnamese is the longest), and
// the QR view's check button starts in view, not behind the bottom bar's centre button.
for (const lng of PLAYER_LANGUAGES) {
  test(`${lng}: no element's content is wider than its box on any player page`, async ({ page }) => {
    await useLanguage(page, lng);
    await registerPlayer(page.request);
    await addBankAccount(page.request);
    for (const path of [
      '/player',
      '/player/deposit',
      '/player/deposit/history',
      '/player/withdraw',
      '/player/withdraw/history',
      '/player/bank',
      '/player/game/askmebet',
      '/player/game/alphabet',
      '/player/game/betflix',
    ]) {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      expect(await overflowing(page), `${path} in ${lng}`).toEqual([]);
    }
    // the home page's hero clips its decorative glow on purpose (overflow hidden), so it is not measured here
    for (const path of ['/login', '/register']) {
      await page.context().clearCookies();
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible({ timeout: 30_000 });
      expect(await overflowing(page), `${path} in ${lng}`).toEqual([]);
    }
  });

  test(`${lng}: the QR view's check button is in view and not behind the bottom bar`, PHONE_ONLY, async ({ page }) => {
    const { tr, form } = await openAsPlayer(page, lng, '/player/deposit', 'deposit-form');
    await form.getByLabel(tr('deposit', 'form.amount')).fill('100000');
    await form.getByRole('button', { name: tr('deposit', 'form.submit') }).click();
    const check = page.getByTestId('deposit-qr').getByRole('button', { name: tr('deposit', 'qr.check') });
    await expect(check).toBeInViewport();
    // the topmost element at each corner of the button is the button itself (nothing of the bottom bar over it)
    const covered = await check.evaluate((button) => {
      const r = button.getBoundingClientRect();
      const points = [
        [r.left + 4, r.top + 4],
        [r.right - 4, r.top + 4],
        [r.left + 4, r.bottom - 4],
        [r.right - 4, r.bottom - 4],
        [r.left + r.width / 2, r.top + r.height / 2],
      ];
      return points.filter(([x, y]) => !button.contains(document.elementFromPoint(x!, y!))).length;
    });
    expect(covered).toBe(0);
  });
}
