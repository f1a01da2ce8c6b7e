import { seriousAxe, shot, sized, staffLanguage, staffText } from './backoffice';
import { SAME_ORIGIN, expect, testAllowing } from './fixtures';
import { registerPlayer } from './helpers';
import { texts } from './player-i18n';
import { signInStaff } from './staff';

// a blocked or reset player's pages answer 401/403 by design: the browser logs each
const test = testAllowing([/\/api\/v2\//]);

for (const lng of ['lo', 'en'] as const) {
  test(`${lng}: staff find a player, block them (no login), unblock, reset the password (changed at the next login)`, async ({
    page,
    browser,
    request,
  }, info) => {
    // two browsers, a block, a reset and a password change on a shared machine
    test.setTimeout(240_000);
    await sized(page, info);
    const s = staffText(lng, 'players');
    const player = await registerPlayer(request);
    await staffLanguage(page, lng);
    await signInStaff(page.request, 'owner');
    await page.goto('/backoffice/');
    await expect(page.getByTestId('staff-home')).toBeVisible();

    if (info.project.name === 'mobile') await page.getByTestId('staff-menu').click();
    await page.getByTestId('nav-players').filter({ visible: true }).click();
    await expect(page.getByTestId('players-page')).toBeVisible();
    await page.getByLabel(s('players.query')).fill(player.username.slice(0, 9));
    await page.getByRole('button', { name: s('players.search'), exact: true }).click();
    await page.getByTestId('player-row').filter({ hasText: player.username }).getByRole('link').click();
    await expect(page.getByTestId('player-page')).toBeVisible();
    await expect(page.getByTestId('player-credits')).toContainText('GClub');
    expect(await seriousAxe(page, 'player')).toEqual([]);
    await shot(page, info, 'player', lng);

    // block: the player's login is refused with the blocked message
    await page.getByTestId('block-player').click();
    await page.getByTestId('block-reason').fill('e2e: shared device');
    await page.getByTestId('block-confirm').click();
    await expect(page.getByText(s('players.statuses.blocked')).first()).toBeVisible();
    const refused = await request.post('/api/v2/players/login', {
      headers: SAME_ORIGIN,
      data: { username: player.username, password: player.password },
    });
    expect([refused.status(), ((await refused.json()) as { error: { code: string } }).error.code]).toEqual([403, 'ACCOUNT_BLOCKED']);
    await page.getByTestId('block-player').click();
    await page.getByTestId('block-reason').fill('e2e: cleared');
    await page.getByTestId('block-confirm').click();
    await expect(page.getByText(s('players.statuses.active')).first()).toBeVisible();

    // reset: a one-time password shown once; the player must choose a new one right after logging in
    await page.getByTestId('reset-password').click();
    await page.getByTestId('reset-confirm').click();
    const temporary = (await page.getByTestId('temporary-password').textContent())!.trim();
    expect(temporary).toMatch(/^[A-Za-z2-9]{12}$/);
    expect(await seriousAxe(page, 'reset')).toEqual([]);
    await shot(page, info, 'player-reset', lng);

    const context = await browser.newContext({ viewport: page.viewportSize()! });
    const playerPage = await context.newPage();
    const tr = texts('lo');
    await playerPage.goto('/login');
    const form = playerPage.getByTestId('login-form');
    await form.getByLabel(tr('auth', 'login.username')).fill(player.username);
    await form.getByLabel(tr('auth', 'login.password'), { exact: true }).fill(temporary);
    await form.getByRole('button', { name: tr('auth', 'login.submit') }).click();
    const change = playerPage.getByTestId('change-password-form');
    await expect(change).toBeVisible({ timeout: 20_000 });
    await expect(playerPage.getByText(tr('auth', 'password.change.required_description'))).toBeVisible();
    await change.getByLabel(tr('auth', 'password.change.currentPassword')).fill(temporary);
    await change.getByLabel(tr('auth', 'password.change.newPassword'), { exact: true }).fill('my-new-e2e-password');
    await change.getByLabel(tr('auth', 'password.change.confirmNewPassword')).fill('my-new-e2e-password');
    await change.getByRole('button', { name: tr('common', 'actions.save') }).click();
    await expect(playerPage.getByTestId('password-changed')).toBeVisible();
    const again = await request.post('/api/v2/players/login', {
      headers: SAME_ORIGIN,
      data: { username: player.username, password: 'my-new-e2e-password' },
    });
    expect(again.status()).toBe(200);
    await context.close();
  });
}
