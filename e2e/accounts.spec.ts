import type { Page } from '@playwright/test';
import { expect, PHONE_ONLY, testAllowing } from './fixtures';
import authFile from '../apps/web/src/locales/auth.json' with { type: 'json' };
import commonFile from '../apps/web/src/locales/common.json' with { type: 'json' };
import errorsFile from '../apps/web/src/locales/errors.json' with { type: 'json' };
import { textsOf } from '../apps/web/src/lib/locale-file';

// expected answers of this journey: logged out (player info 401), a wrong login (401), a wrong current password (400)
const test = testAllowing([/\/api\/v2\/players\/info$/, /\/api\/v2\/players\/login$/, /\/api\/v2\/players\/security\/password\/change$/]);

const inLanguage = (lng: 'lo' | 'vn') =>
  ({ lng, auth: textsOf(authFile, lng), common: textsOf(commonFile, lng), errors: textsOf(errorsFile, lng) }) as const;
const LANGS = [inLanguage('lo'), inLanguage('vn')] as const;
const loAuth = LANGS[0].auth;

function uniqueName(prefix: string) {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.slice(0, 20);
}

/**
 * A toast's text, inside the labelled viewport (Radix also keeps a screen-reader copy elsewhere).
 * Found by attribute, not by role: while a modal dialog is open, the rest of the page is aria-hidden.
 */
function toastWith(page: Page, text: string) {
  return page.locator('[role="region"][aria-label$="(F8)"]').getByText(text);
}

async function fillLabelled(page: Page, label: string, value: string) {
  await page.getByLabel(label, { exact: true }).fill(value);
}

for (const { lng, auth, common, errors } of LANGS) {
  test(`register, change the password, log in again and log out (${lng})`, PHONE_ONLY, async ({ page }) => {
    await page.addInitScript((l) => localStorage.setItem('i18nextLng', l), lng);
    const username = uniqueName(`j${lng}`);
    const first = 'first-pass-123';
    const second = 'second-pass-456';

    // register: the live check answers, then the account is created and logged in
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(auth.register.title);
    await fillLabelled(page, auth.register.username, 'Bad Name');
    await page.getByLabel(auth.register.password, { exact: true }).click();
    await expect(page.getByText(auth.username.validation.pattern)).toBeVisible();
    await fillLabelled(page, auth.register.username, username);
    await expect(page.getByText(auth.register.available)).toBeVisible();
    await fillLabelled(page, auth.register.password, first);
    await fillLabelled(page, auth.register.confirm_password, `${first}x`);
    await page.getByRole('button', { name: auth.register.submit }).click();
    await expect(page.getByText(auth.password.validation.mismatch)).toBeVisible();
    await fillLabelled(page, auth.register.confirm_password, first);
    await page.getByRole('button', { name: auth.register.submit }).click();
    await expect(page).toHaveURL(/\/player$/);
    await expect(toastWith(page, auth.register.success)).toBeVisible();
    await expect(page.getByTestId('user-menu')).toContainText(username);
    expect(await page.evaluate(() => localStorage.getItem('playerId'))).toBeTruthy();

    // change password: one toggle shows all three fields; a wrong current password gets the 5 s toast
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-change-password').click();
    const dialog = page.getByRole('dialog', { name: auth.password.change.title });
    await expect(dialog).toBeVisible();
    await fillLabelled(page, auth.password.change.currentPassword, 'wrong-password-1');
    await fillLabelled(page, auth.password.change.newPassword, 'short');
    await fillLabelled(page, auth.password.change.confirmNewPassword, 'short');
    await dialog.getByRole('button', { name: common.actions.save }).click();
    await expect(dialog.getByText(auth.password.validation.min.replace('{{min}}', '8')).first()).toBeVisible();
    const inputs = dialog.locator('input');
    await expect(inputs).toHaveCount(3);
    for (const input of await inputs.all()) await expect(input).toHaveAttribute('type', 'password');
    await dialog.getByRole('button', { name: common.actions.show_password }).click();
    for (const input of await inputs.all()) await expect(input).toHaveAttribute('type', 'text');
    await fillLabelled(page, auth.password.change.newPassword, second);
    await fillLabelled(page, auth.password.change.confirmNewPassword, second);
    await dialog.getByRole('button', { name: common.actions.save }).click();
    await expect(toastWith(page, auth.password.notification.error)).toBeVisible();
    await expect(toastWith(page, auth.password.notification.password_is_incorrect)).toBeVisible();

    await fillLabelled(page, auth.password.change.currentPassword, first);
    await dialog.getByRole('button', { name: common.actions.save }).click();
    const success = page.getByTestId('password-changed');
    await expect(success).toContainText(auth.password.change.success);
    await page.getByRole('button', { name: common.actions.confirm }).click();
    // the player area's guard keeps the page for after the next login
    await expect(page).toHaveURL(/\/login\?redirect=%2Fplayer$/);

    // the old password no longer works; the new one does
    await fillLabelled(page, auth.login.username, username);
    await fillLabelled(page, auth.login.password, first);
    await page.getByRole('button', { name: auth.login.submit }).click();
    await expect(toastWith(page, errors.INVALID_CREDENTIALS)).toBeVisible();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fplayer$/);
    await fillLabelled(page, auth.login.password, second);
    await page.getByRole('button', { name: auth.login.submit }).click();
    await expect(page).toHaveURL(/\/player$/);
    await expect(toastWith(page, auth.login.success)).toBeVisible();

    // log out: the red entry clears the stored player and reloads onto /login
    await page.getByTestId('user-menu').click();
    const logout = page.getByTestId('menu-logout');
    await expect(logout).toHaveText(common.nav.logout);
    const [r, g, b] = await logout.evaluate((el) => {
      // the computed colour may be lab()/oklch(): a canvas turns it into sRGB
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.fillStyle = getComputedStyle(el).color;
      ctx.fillRect(0, 0, 1, 1);
      return [...ctx.getImageData(0, 0, 1, 1).data];
    });
    expect(r! > 200 && r! - g! > 80 && r! - b! > 80, `logout is red: rgb(${r}, ${g}, ${b})`).toBe(true);
    await logout.click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fplayer$/);
    await expect(page.getByTestId('header-login')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('playerId'))).toBeNull();
  });
}

test('a taken username is refused by the live check', PHONE_ONLY, async ({ page, request }) => {
  const username = uniqueName('taken');
  const res = await request.post('/api/v2/players/register', {
    data: { username, password: 'taken-pass-1', confirmPassword: 'taken-pass-1', fingerprint: 'e2e-fp' },
    headers: { 'x-fingerprint': 'e2e-fp' },
  });
  expect(res.ok()).toBe(true);
  await page.goto('/register');
  await fillLabelled(page, loAuth.register.username, username);
  await expect(page.getByText(loAuth.username.validation.username_exist)).toBeVisible();
});
