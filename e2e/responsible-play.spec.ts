import { mkdirSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { expect, PHONE_ONLY, testAllowing } from './fixtures';
import { depositThroughTheBank, registerPlayer } from './helpers';
import { PLAYER_LANGUAGES, openAsPlayer, overflowing } from './player-i18n';
import { seriousAxe, sized, staffLanguage, staffText } from './backoffice';
import { staffShot } from './backoffice-kit';
import { SAME_ORIGIN } from './fixtures';
import { signInStaff } from './staff';

/**
 * Responsible play (docs/decisions/160), at 375 and 1280 px in Lao and Vietnamese: a daily
 * limit, a deposit up to it, the deposit past it refused with the kip still allowed; then a
 * cooling-off confirmed twice, the game and the promotion refused, a withdrawal still taken.
 */
// the refusals this journey expects: the deposit past the limit (422) and the launch while cooling off (403)
const test = testAllowing([/\/api\/v2\/deposits$/, /\/api\/v2\/games\/[a-z_]+\/launch$/]);
test.describe.configure({ timeout: 180_000 });

const SHOTS = 'e2e/artifacts/responsible-play';
mkdirSync(SHOTS, { recursive: true });
async function shot(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-${info.project.name === 'mobile' ? 375 : 1280}.png`, fullPage: true });
}
const kip = (digits: string) => new RegExp(digits.replace(/(\d)(?=(\d{3})+$)/g, '$1[.,]'));

for (const lng of PLAYER_LANGUAGES) {
  test(
    `a daily limit, a deposit past it refused; cooling off refuses game and promotion, not a withdrawal (${lng})`,
    PHONE_ONLY,
    async ({ page, request }, info) => {
      const { tr, form } = await openAsPlayer(page, lng, '/player/limits', 'deposit-limits', { bank: true });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('common', 'pages.limits'));

      // a daily limit of 600,000 kip: in force at once
      await form.getByTestId('limit-daily').fill('600000');
      await form.getByRole('button', { name: tr('limits', 'deposit.save') }).click();
      await expect(page.getByText(tr('limits', 'deposit.saved'), { exact: true })).toBeVisible();
      await expect(form.getByTestId('limit-state-daily')).toContainText(kip('600000'));

      // 500,000 kip deposited and paid: 100,000 left today
      await depositThroughTheBank(page.request, request);
      await page.goto('/player/deposit');
      const deposit = page.getByTestId('deposit-form');
      await deposit.getByLabel(tr('deposit', 'form.amount')).fill('200000');
      await deposit.getByRole('button', { name: tr('deposit', 'form.submit') }).click();
      const refusal = tr('errors', 'DEPOSIT_LIMIT_REACHED', { allowed: 'X' }).split('X')[0]!;
      await expect(deposit.getByText(refusal)).toContainText(kip('100000'));
      expect(await overflowing(page)).toEqual([]);
      await shot(page, info, `deposit-refused-${lng}`);

      await page.goto('/player/limits');
      await expect(form.getByTestId('limit-state-daily')).toContainText(kip('500000'));
      await expect(form.getByTestId('limit-state-daily')).toContainText(kip('100000'));
      // a raise waits 24 hours, and says when it takes effect
      await form.getByTestId('limit-daily').fill('900000');
      await form.getByRole('button', { name: tr('limits', 'deposit.save') }).click();
      await expect(form.getByTestId('limit-state-daily')).toContainText(
        tr('limits', 'deposit.pending_raise', { amount: 'X', at: 'Y' }).split('X')[0]!,
      );
      await expect(form.getByTestId('limit-state-daily')).toContainText(kip('900000'));
      expect(await overflowing(page)).toEqual([]);
      await shot(page, info, `limits-${lng}`);

      // cooling off for 24 hours, confirmed twice
      await page.getByTestId('exclude-24h').click();
      await expect(page.getByRole('dialog')).toContainText(tr('limits', 'exclusion.confirm1_text'));
      await shot(page, info, `confirm-1-${lng}`);
      await page.getByTestId('exclude-confirm-1').click();
      await expect(page.getByRole('dialog')).toContainText(tr('limits', 'exclusion.confirm2_text'));
      await page.getByTestId('exclude-confirm-2').click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      const active = page.getByTestId('exclusion-active');
      await expect(active).toContainText(tr('limits', 'exclusion.active_cooling_off', { until: 'X' }).split('X')[0]!.trim());
      await expect(active).toContainText(tr('limits', 'exclusion.still_allowed'));
      await shot(page, info, `cooling-off-${lng}`);

      // the game does not open
      await page.goto('/player/game/gclub');
      await expect(page.getByTestId('credit-card').getByTestId('credit-amount')).toHaveText(/^724[.,]63\s*THB$/);
      await page.getByTestId('game-tile').first().getByRole('button').click();
      await expect(page.getByText(tr('errors', 'SELF_EXCLUDED'), { exact: true })).toBeVisible();
      await expect(page).toHaveURL(/\/player\/game\/gclub/);
      await shot(page, info, `game-refused-${lng}`);

      // nor does a promotion: it says why, and cannot be taken
      await page.goto('/player/promotion');
      await page.locator('[data-testid="promotion-card"][data-code="FIRST100"]').click();
      await expect(page.getByTestId('promotion-blocked')).toHaveText(tr('errors', 'SELF_EXCLUDED'));
      await expect(page.getByTestId('take-promotion')).toBeDisabled();
      await shot(page, info, `promotion-refused-${lng}`);

      // a withdrawal is still taken
      await page.goto('/player/withdraw');
      const withdraw = page.getByTestId('withdraw-form');
      await withdraw.getByLabel(tr('withdraw', 'form.provider')).click();
      await page.getByRole('option', { name: 'GClub', exact: true }).click();
      await expect(withdraw.getByTestId('withdraw-credit')).toContainText(/724[.,]63/);
      await withdraw.getByLabel(tr('withdraw', 'form.amount')).fill('200');
      await withdraw.getByRole('button', { name: tr('withdraw', 'form.submit') }).click();
      await expect(page.getByTestId('withdrawal-details')).toHaveAttribute('data-status', 'OPEN', { timeout: 15_000 });
    },
  );
}

test("the footer's responsible-play entry and the drawer lead to the limits", async ({ page }) => {
  const { tr } = await openAsPlayer(page, 'lo', '/player/deposit', 'deposit-form');
  await page.getByRole('link', { name: tr('common', 'footer.about.responsible') }).click();
  await expect(page).toHaveURL(/\/player\/limits$/);
  await expect(page.getByTestId('deposit-limits')).toBeVisible();
  await page.goto('/player/deposit');
  await page.getByTestId('drawer-open').click();
  await page
    .getByTestId('side-drawer')
    .getByRole('link', { name: tr('common', 'nav.limits') })
    .click();
  await expect(page).toHaveURL(/\/player\/limits$/);
  await expect(page.getByTestId('deposit-limits')).toBeVisible();
});

for (const lng of ['lo', 'en'] as const) {
  test(`${lng}: staff see a player's limits and their history, and exclude the player with a reason`, async ({ page, request }, info) => {
    await sized(page, info);
    const s = staffText(lng, 'players');
    const player = await registerPlayer(request);
    const set = (daily: string) =>
      request.put('/api/v2/players/limits', { headers: SAME_ORIGIN, data: { daily, weekly: null, monthly: null } });
    expect((await set('500000')).status()).toBe(200);
    expect((await set('700000')).status()).toBe(200);

    await staffLanguage(page, lng);
    await signInStaff(page.request, 'support');
    await page.goto('/backoffice/');
    if (info.project.name === 'mobile') await page.getByTestId('staff-menu').click();
    await page.getByTestId('nav-players').filter({ visible: true }).click();
    await page.getByLabel(s('players.query')).fill(player.username.slice(0, 9));
    await page.getByRole('button', { name: s('players.search'), exact: true }).click();
    await page.getByTestId('player-row').filter({ hasText: player.username }).getByRole('link').click();
    const section = page.getByTestId('player-responsible');
    await expect(section.getByTestId('staff-limit-daily')).toContainText(kip('500000'));
    await expect(section.getByTestId('staff-limit-daily')).toContainText(kip('700000'));
    await expect(section).toContainText(s('player.responsible.no_exclusion'));

    await section.getByTestId('exclude-player').click();
    await expect(page.getByRole('dialog')).toContainText(s('player.responsible.exclude.description'));
    await page.getByTestId('exclude-confirm').click();
    await expect(page.getByRole('dialog')).toContainText(s('validation.reason_required'));
    await page.getByTestId('exclude-reason').fill('e2e: asked by phone');
    await page.getByTestId('exclude-confirm').click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(section.getByTestId('player-exclusion')).toContainText(s('player.responsible.kind.cooling_off'));
    await section.getByText(s('player.responsible.history').replace(' ({{count}})', '')).click();
    await expect(section.getByTestId('responsible-history')).toContainText('e2e: asked by phone');
    expect(await seriousAxe(page, 'player')).toEqual([]);
    await staffShot(page, info, SHOTS, `staff-player-${lng}`);

    // the player is refused a game at once
    const launch = await request.post('/api/v2/games/gclub/launch', { headers: SAME_ORIGIN, data: { gameId: 'any' } });
    expect(((await launch.json()) as { error: { code: string } }).error.code).toBe('SELF_EXCLUDED');
  });
}
