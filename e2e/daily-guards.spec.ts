import { seriousAxe, shot, sized, staffLanguage, staffText } from './backoffice';
import { expect, testAllowing } from './fixtures';
import { registerPlayer } from './helpers';
import { texts, useLanguage } from './player-i18n';
import { signInStaff } from './staff';

// the locked-out logins answer 401/429 by design: the browser logs each
const test = testAllowing([/\/api\/v2\//]);

// A rate change confirmed, and one beyond the bound waiting for a second staff user; a player locked
// out by their own typing told until when, and let in by staff; the back office's texts by name.
// Back office in lo and en, the player's login in lo and vn.
for (const [lng, playerLng] of [
  ['lo', 'lo'],
  ['en', 'vn'],
] as const) {
  test(`${lng}/${playerLng}: a big rate change waits for approval; a locked-out player is told until when and let in by staff`, async ({
    page,
    browser,
    request,
  }, info) => {
    test.setTimeout(240_000);
    await sized(page, info);
    const rates = staffText(lng, 'rates');
    const players = staffText(lng, 'players');
    await staffLanguage(page, lng);
    await signInStaff(page.request, 'finance');

    // LAK's sell rate typed a hundred times too small is asked again, then waits
    await page.goto('/backoffice/rates');
    const lak = page.locator('[data-testid="currency-card"][data-code="LAK"]');
    const buy = lak.getByLabel(rates('rates.buy'));
    const sell = lak.getByLabel(rates('rates.sell'));
    const before = await sell.inputValue();
    await buy.fill(String(Number(await buy.inputValue()) / 100));
    await sell.fill(String(Number(before) / 100));
    await lak.getByRole('button', { name: staffText(lng, 'common')('actions.save') }).click();
    const confirm = page.getByTestId('rate-confirm');
    await expect(confirm).toContainText(before);
    await expect(page.getByRole('note')).toBeVisible();
    expect(await seriousAxe(page, 'rate confirm')).toEqual([]);
    await shot(page, info, 'rate-confirm', lng);
    await page.getByTestId('rate-confirm-save').click();
    await expect(lak.getByTestId('rate-pending')).toContainText(rates('rates.pending.title'));
    await expect(lak.getByRole('status')).toHaveText(rates('rates.waiting'));
    await shot(page, info, 'rate-pending', lng);
    // the author may not approve it; refused, the rates stay as they were
    await lak.getByRole('button', { name: rates('rates.pending.approve') }).click();
    await expect(lak.getByRole('alert')).toHaveText(staffText(lng, 'common')('errors.RATE_APPROVAL_BY_OTHER'));
    await lak.getByRole('button', { name: rates('rates.pending.reject') }).click();
    await expect(lak.getByTestId('rate-pending')).toHaveCount(0);

    // the lock-out: the e2e server runs with RATE_LIMIT_ENABLED=false (every journey logs in from one
    // address), so the lock itself is the server tests' (staff-players.login-lock.test.ts); here the login
    // answers as a locked-out player's does, and the page must say until when
    const player = await registerPlayer(request);
    const retryAt = new Date(Date.now() + 20 * 60_000).toISOString();
    const context = await browser.newContext({ viewport: page.viewportSize()! });
    const playerPage = await context.newPage();
    await playerPage.route('**/api/v2/players/login', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'too many attempts, try again later', fields: { retryAt } } }),
      }),
    );
    await useLanguage(playerPage, playerLng);
    const tr = texts(playerLng);
    await playerPage.goto('/login');
    const form = playerPage.getByTestId('login-form');
    await form.getByLabel(tr('auth', 'login.username')).fill(player.username);
    await form.getByLabel(tr('auth', 'login.password'), { exact: true }).fill(player.password);
    await form.getByRole('button', { name: tr('auth', 'login.submit') }).click();
    await expect(playerPage.getByTestId('login-locked')).toContainText(tr('auth', 'login.locked_title'));
    await playerPage.evaluate(() => document.fonts.ready);
    await playerPage.screenshot({
      path: `${SHOTS_DIR}/login-locked-${playerLng}-${info.project.name === 'mobile' ? 375 : 1280}.png`,
      fullPage: true,
    });

    // staff lift the lock from the player's page (the table fits the phone); the player gets in at once
    await signInStaff(page.request, 'support');
    await page.goto('/backoffice/players');
    await page.getByLabel(players('players.query')).fill(player.username);
    await page.getByRole('button', { name: players('players.search'), exact: true }).click();
    const row = page.getByTestId('player-row').filter({ hasText: player.username });
    await expect(row).toBeVisible();
    const table = page.getByTestId('players-results');
    expect((await table.boundingBox())!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    await shot(page, info, 'players', lng);
    await row.getByRole('link').click();
    await page.getByTestId('lift-login-lock').click();
    await expect(page.getByTestId('login-lock-lifted')).toHaveText(players('player.lift_lock.done'));
    expect(await seriousAxe(page, 'player')).toEqual([]);
    await shot(page, info, 'player-lift', lng);
    await playerPage.unroute('**/api/v2/players/login');
    await form.getByRole('button', { name: tr('auth', 'login.submit') }).click();
    await expect(playerPage).toHaveURL(/\/player/);
    await context.close();

    // texts by name: the audit log names the lift, not its code
    await signInStaff(page.request, 'owner');
    await page.goto('/backoffice/audit');
    const entry = page.getByTestId('audit-entry').filter({ hasText: staffText(lng, 'audit')('actions.player.login_lock_lift') });
    await expect(entry.first()).toBeVisible();
    await expect(page.getByTestId('audit-log')).not.toContainText('player.login_lock_lift');
    await shot(page, info, 'audit-names', lng);
  });
}

const SHOTS_DIR = process.env.SHOTS_DIR ?? '/work/shots-bo-e2e';
