import type { Page } from '@playwright/test';
import { expect, PHONE_ONLY, SAME_ORIGIN, testAllowing, untilLive } from './fixtures';
import { registerPlayer } from './helpers';
import { PLAYER_LANGUAGES, texts, useLanguage } from './player-i18n';

// the calls a page makes after its session ended answer 401: the browser logs each, and that is the case under test
const test = testAllowing([/\/api\/v2\//]);

async function logIn(page: Page, tr: ReturnType<typeof texts>, player: { username: string; password: string }) {
  const form = page.getByTestId('login-form');
  await form.getByLabel(tr('auth', 'login.username')).fill(player.username);
  await form.getByLabel(tr('auth', 'login.password'), { exact: true }).fill(player.password);
  await form.getByRole('button', { name: tr('auth', 'login.submit') }).click();
}

// A lost session says so and comes back to the page, and the login page's misses:
// show-password, and "forgot password?" with the agency's contact links.
for (const lng of PLAYER_LANGUAGES) {
  test(
    `${lng}: a session that ends says so, and logging in again comes back to the page the player was on`,
    PHONE_ONLY,
    async ({ page }) => {
      const tr = texts(lng);
      await useLanguage(page, lng);
      const player = await registerPlayer(page.request);
      await page.goto('/player/deposit');
      await expect(page.getByTestId('deposit-form')).toBeVisible({ timeout: 30_000 });
      // the session ends elsewhere (another tab logged out, staff ended it, it expired)
      const out = await page.request.post('/api/v2/players/logout', { headers: SAME_ORIGIN });
      expect(out.status(), await out.text()).toBeLessThan(300);
      // the player's next step calls the API (here: opening the history), and the first call answers 401;
      // a call of the page's own (a refetch) may answer it first: then the page it was on is the way back
      await expect(async () => {
        await page
          .getByRole('link', { name: tr('deposit', 'history.link') })
          .click({ timeout: 2_000 })
          .catch(() => undefined);
        await expect(page).toHaveURL(/\/login\?redirect=%2Fplayer%2Fdeposit(%2Fhistory)?&expired=(1|true)$/, { timeout: 3_000 });
      }).toPass({ timeout: 30_000 });
      const back = new URL(page.url()).searchParams.get('redirect')!;
      await expect(page.getByText(tr('auth', 'login.session_ended'), { exact: true })).toBeVisible();
      await expect(page.getByText(tr('auth', 'login.session_ended_hint')).first()).toBeVisible();
      // the notice sits in the form: nothing covers the support links (a trial click checks what receives it)
      await page.getByTestId('forgot-password').click();
      await page.locator('[data-testid^="support-"]').first().click({ trial: true, timeout: 5_000 });

      await logIn(page, tr, player);
      await expect(page).toHaveURL(new RegExp(`${back}(\\?page=1)?$`));
      await expect(page.getByTestId(back.endsWith('history') ? 'history-empty' : 'deposit-form')).toBeVisible();
    },
  );

  test(
    `${lng}: a visitor sent to login comes back to the page asked for, and is not told a session ended`,
    PHONE_ONLY,
    async ({ page, request }) => {
      const tr = texts(lng);
      await useLanguage(page, lng);
      const player = await registerPlayer(request);
      await page.goto('/player/withdraw/history');
      await expect(page).toHaveURL(/\/login\?redirect=%2Fplayer%2Fwithdraw%2Fhistory$/, { timeout: 30_000 });
      await expect(page.getByText(tr('auth', 'login.session_ended'), { exact: true })).toHaveCount(0);
      await logIn(page, tr, player);
      await expect(page).toHaveURL(/\/player\/withdraw\/history(\?page=1)?$/);
    },
  );

  test(`${lng}: another site is never a way back after login (no open redirect)`, PHONE_ONLY, async ({ page, request }) => {
    const tr = texts(lng);
    await useLanguage(page, lng);
    const player = await registerPlayer(request);
    await page.goto('/login?redirect=https%3A%2F%2Fevil.example%2Fplayer');
    await logIn(page, tr, player);
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/player$/);
  });

  test(
    `${lng}: show-password on login and register, and "forgot password?" opens the agency's contact links`,
    PHONE_ONLY,
    async ({ page }) => {
      const tr = texts(lng);
      await useLanguage(page, lng);
      const agency = (await (await page.request.get('/api/v2/agency/info')).json()) as { agency: { social: { telegram: string } } };
      await page.goto('/login');
      await untilLive(page);
      const form = page.getByTestId('login-form');
      const password = form.getByLabel(tr('auth', 'login.password'), { exact: true });
      await expect(password).toHaveAttribute('type', 'password');
      const show = form.getByRole('button', { name: tr('common', 'actions.show_password') });
      await expect(show).toHaveAttribute('aria-pressed', 'false');
      await show.click();
      await expect(password).toHaveAttribute('type', 'text');
      const hide = form.getByRole('button', { name: tr('common', 'actions.hide_password') });
      await expect(hide).toHaveAttribute('aria-pressed', 'true');
      await hide.click();
      await expect(password).toHaveAttribute('type', 'password');

      const forgot = page.getByRole('button', { name: tr('auth', 'login.forgot') });
      await expect(forgot).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByTestId('support-telegram')).toHaveCount(0);
      await forgot.click();
      await expect(forgot).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByText(tr('auth', 'login.forgot_hint'))).toBeVisible();
      await expect(page.getByTestId('support-telegram')).toHaveAttribute('href', agency.agency.social.telegram);

      await page.goto('/register');
      await untilLive(page);
      const register = page.getByTestId('register-form');
      await register.getByRole('button', { name: tr('common', 'actions.show_password') }).click();
      await expect(register.getByLabel(tr('auth', 'register.password'), { exact: true })).toHaveAttribute('type', 'text');
      await expect(register.getByLabel(tr('auth', 'register.confirm_password'), { exact: true })).toHaveAttribute('type', 'text');
    },
  );
}
