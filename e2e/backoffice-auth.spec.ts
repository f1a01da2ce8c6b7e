// The back office's sign-in behind the second factor (decision 049) reached through an invitation
// (decision 110), its shell and the owner's staff users and audit log screens, at 390 and 1280 px
// (the invitation page and the staff screen at 375 too), in Lao and English; the secret read from
// the QR code and TOTP codes computed here, as an authenticator app would; axe over each screen;
// screenshots to SHOTS (e2e/backoffice.ts).
import type { Page, TestInfo } from '@playwright/test';
import { decodeQrSvg } from '../apps/server/src/test/qr';
import { SHOTS, seriousAxe, shot, sized, staffLanguage, staffText } from './backoffice';
import { expect, pressEscape, test, testAllowing } from './fixtures';
import { createStaff, inviteStaff, totpAt } from './staff';

const step = () => Math.floor(Date.now() / 30_000);

async function signInWithPassword(page: Page, username: string, password: string) {
  await page.goto('/backoffice/login');
  const form = page.getByTestId('staff-login-form');
  await form.locator('input[autocomplete="username"]').fill(username);
  await form.locator('input[type="password"]').fill(password);
  await form.getByRole('button').click();
}

async function signOut(page: Page, info: TestInfo) {
  if (info.project.name === 'mobile') await page.getByTestId('staff-menu').click();
  await page.getByTestId('staff-logout').filter({ visible: true }).click();
  await expect(page.getByTestId('staff-login-form')).toBeVisible();
}

/** The secret in the enrolment's QR code, read as an authenticator app's camera would. */
async function secretOfQr(page: Page): Promise<string> {
  const src = (await page.getByTestId('staff-qr').getAttribute('src'))!;
  const uri = decodeQrSvg(decodeURIComponent(src.replace(/^data:image\/svg\+xml;utf8,/, '')));
  expect(uri).toMatch(/^otpauth:\/\/totp\//);
  return new URL(uri!).searchParams.get('secret')!;
}

/** The page at 375 px as well (the phone width the invitation and staff screens are shown at), then back to the kit's width. */
async function shotAt375(page: Page, info: TestInfo, name: string, lng: 'lo' | 'en') {
  if (info.project.name !== 'mobile') return;
  await page.setViewportSize({ width: 375, height: 812 });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${SHOTS}/${name}-${lng}-375.png`, fullPage: true });
  await sized(page, info);
}

/**
 * Takes an invitation on its page (`url` or the token's path): a password twice, the QR's secret,
 * its code; answers the secret, the time step its code used and the ten recovery codes shown.
 */
async function takeInvitation(page: Page, token: string, password: string, before?: () => Promise<void>) {
  await page.goto(`/backoffice/invitation#${token}`);
  await expect(page.getByTestId('staff-qr')).toBeVisible();
  const secret = await secretOfQr(page);
  // the same secret as text, in groups, for an app without a camera
  expect((await page.getByTestId('staff-secret').textContent())!.replace(/\s/g, '')).toBe(secret);
  const form = page.getByTestId('staff-invitation-form');
  const fields = form.locator('input:not([type="hidden"])');
  await fields.nth(0).fill(password);
  await fields.nth(1).fill(password);
  await before?.();
  const used = step();
  await fields.nth(2).fill(await totpAt(secret, used));
  await form.getByRole('button').click();
  const codes = page.getByTestId('staff-recovery-code');
  await expect(codes).toHaveCount(10);
  return { secret, used, recovery: await codes.allTextContents() };
}

/** The code step after the password, with a code of a step after `after`. */
async function passCode(page: Page, secret: string, after: number) {
  const used = Math.max(step(), after + 1);
  while (used > step() + 1) await page.waitForTimeout(1000);
  const code = page.getByTestId('staff-code-form');
  await code.locator('input').fill(await totpAt(secret, used));
  await code.getByRole('button').first().click();
  return used;
}

/** A wrong code is answered 400, a used invitation 404 (the browser logs them): expected in these journeys. */
const journeys = testAllowing([
  /\/api\/v2\/backoffice\/login\/second-factor$/,
  /\/api\/v2\/backoffice\/me$/,
  /\/api\/v2\/backoffice\/invitation$/,
]);

for (const lng of ['lo', 'en'] as const) {
  journeys(`enrol, sign in with a code, a recovery code once, a wrong code refused (${lng})`, async ({ page }, info) => {
    test.setTimeout(180_000);
    await sized(page, info);
    await staffLanguage(page, lng);
    const common = staffText(lng, 'common');
    const found: string[] = [];
    const finance = { ...(await inviteStaff('finance')), password: `pw-${Date.now()}-${lng}` };
    await page.goto('/backoffice/login');
    await expect(page.getByTestId('staff-login-form')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', lng);
    await shot(page, info, 'sign-in', lng);
    found.push(...(await seriousAxe(page, 'sign-in')));

    const enrolled = await takeInvitation(page, finance.token, finance.password, async () => {
      await shot(page, info, 'invitation', lng);
      await shotAt375(page, info, 'invitation', lng);
      found.push(...(await seriousAxe(page, 'invitation')));
    });
    let used = enrolled.used;
    await shot(page, info, 'recovery-codes', lng);
    found.push(...(await seriousAxe(page, 'recovery codes')));
    await page.getByTestId('staff-recovery-done').click();
    await expect(page.getByTestId('staff-home')).toBeVisible();
    // the codes are shown once: the enrolment page does not come back for an enrolled user, nor the link
    await page.goto('/backoffice/enrol');
    await expect(page.getByTestId('staff-home')).toBeVisible();
    await expect(page.getByTestId('staff-recovery-code')).toHaveCount(0);
    await page.goto(`/backoffice/invitation#${finance.token}`);
    await expect(page.getByTestId('staff-invitation-error')).toHaveText(staffText(lng, 'common')('errors.STAFF_INVITATION_INVALID'));
    await page.goto('/backoffice/');
    await expect(page.getByTestId('staff-home')).toBeVisible();

    // finance sees the money, not the owner's screens
    if (info.project.name === 'mobile') await page.getByTestId('staff-menu').click();
    const nav = page.getByTestId(info.project.name === 'mobile' ? 'staff-drawer' : 'staff-sidebar');
    await expect(nav.locator('a[href="/backoffice/"]')).toBeVisible();
    await expect(nav.locator('a[href="/backoffice/staff"]')).toHaveCount(0);
    await shot(page, info, 'shell-finance', lng);
    if (info.project.name === 'mobile') await pressEscape(page.getByRole('dialog'));
    await signOut(page, info);

    // the password, then a wrong code (refused in words), then the right one
    await signInWithPassword(page, finance.username, finance.password);
    const code = page.getByTestId('staff-code-form');
    await expect(code).toBeVisible();
    used = Math.max(step(), used + 1);
    const right = await totpAt(enrolled.secret, used);
    await code.locator('input').fill(right === '000000' ? '111111' : '000000');
    await code.getByRole('button').first().click();
    await expect(page.getByTestId('staff-code-error')).toHaveText(common('errors.STAFF_CODE_INVALID'));
    await shot(page, info, 'code-wrong', lng);
    found.push(...(await seriousAxe(page, 'code step')));
    while (used > step() + 1) await page.waitForTimeout(1000);
    await code.locator('input').fill(right);
    await code.getByRole('button').first().click();
    await expect(page.getByTestId('staff-home')).toBeVisible();
    await signOut(page, info);

    // a recovery code works once
    for (const attempt of ['first', 'again'] as const) {
      await signInWithPassword(page, finance.username, finance.password);
      await page.getByTestId('staff-code-switch').click();
      await code.locator('input').fill(enrolled.recovery[0]!);
      await code.getByRole('button').first().click();
      if (attempt === 'first') {
        await expect(page.getByTestId('staff-home')).toBeVisible();
        await signOut(page, info);
      } else {
        await expect(page.getByTestId('staff-code-error')).toHaveText(common('errors.STAFF_CODE_INVALID'));
      }
    }
    expect(found).toEqual([]);
  });

  journeys(`the owner's staff users and audit log; support sees no money (${lng})`, async ({ page, browser }, info) => {
    test.setTimeout(180_000);
    await sized(page, info);
    await staffLanguage(page, lng);
    const found: string[] = [];
    const owner = await createStaff('owner');
    await signInWithPassword(page, owner.username, owner.password);
    await passCode(page, owner.secret, owner.step);
    await expect(page.getByTestId('staff-home')).toBeVisible();

    await page.goto('/backoffice/staff');
    const create = page.getByTestId('staff-create-form');
    const username = `e2e.sup.${lng}.${info.project.name}.${Date.now() % 100000}`;
    await create.locator('input').first().fill(username);
    await create.locator('select').selectOption('support');
    await create.getByRole('button').click();
    const link = (await page.getByTestId('staff-invitation-url').textContent())!;
    expect(link).toMatch(/\/backoffice\/invitation#[A-Za-z0-9_-]{43}$/);
    // the list is by name, 50 a page: the new user may be on a later one
    const row = page.locator(`[data-testid="staff-row"][data-username="${username}"]`);
    await expect(async () => {
      if ((await row.count()) === 0) await page.getByTestId('staff-more').click({ timeout: 2_000 });
      await expect(row).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(row).toContainText(staffText(lng, 'staff')('new_link'));
    await shot(page, info, 'staff-users', lng);
    await shotAt375(page, info, 'staff-users', lng);
    found.push(...(await seriousAxe(page, 'staff users')));

    // the new support user takes the link (a password and the second factor: support too) and sees neither money nor the owner's screens
    const other = await browser.newContext({ viewport: page.viewportSize()! });
    const support = await other.newPage();
    await staffLanguage(support, lng);
    await takeInvitation(support, link.slice(link.indexOf('#') + 1), `pw-support-${Date.now()}`);
    await support.getByTestId('staff-recovery-done').click();
    await expect(support).not.toHaveURL(/\/backoffice\/(login|invitation)/);
    await support.goto('/backoffice/password');
    for (const hidden of ['/backoffice/', '/backoffice/staff', '/backoffice/audit'])
      await expect(support.locator(`a[href="${hidden}"]`)).toHaveCount(0);
    expect((await support.request.get('/api/v2/backoffice/withdrawals')).status()).toBe(403);
    await shot(support, info, 'account-support', lng);
    found.push(...(await seriousAxe(support, 'my account')));
    await other.close();

    // the owner resets their second factor: a new link, shown once in their row
    await page.reload();
    await expect(async () => {
      if ((await row.count()) === 0) await page.getByTestId('staff-more').click({ timeout: 2_000 });
      await expect(row).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await row.getByRole('button', { name: staffText(lng, 'staff')('reset_second_factor') }).click();
    await expect(row.getByTestId('staff-invitation-url')).toContainText('/backoffice/invitation#');
    await shot(page, info, 'staff-users-reset', lng);
    await shotAt375(page, info, 'staff-users-reset', lng);

    // the owner disables them: audited, before and after
    await row.getByRole('button').first().click();
    await expect(row).toHaveAttribute('data-active', 'false');
    await expect(row.getByText(staffText(lng, 'staff')('enable'), { exact: true })).toBeVisible();
    await page.goto('/backoffice/audit');
    const filter = page.getByTestId('audit-filter');
    // actions are chosen by their translated name, never typed as codes
    await filter.locator('select').nth(1).selectOption('staff.disable');
    await filter.getByRole('button').click();
    const entry = page.getByTestId('audit-entry').first();
    await expect(entry).toHaveAttribute('data-action', 'staff.disable');
    await expect(entry).toContainText(staffText(lng, 'audit')('actions.staff.disable'));
    await expect(entry).not.toContainText('staff.disable');
    await expect(entry.locator('[data-changed="true"]')).toHaveCount(1);
    // the entry names the user disabled, not their id (the id is in the name's title)
    const named = page
      .getByTestId('audit-entry')
      .filter({ has: page.getByTestId('audit-target-name').getByText(username, { exact: true }) });
    await expect(named).toHaveCount(1);
    await expect(named.getByTestId('audit-target')).toContainText(staffText(lng, 'audit')('targets.staff'));
    await expect(named.getByTestId('audit-target-name')).toHaveAttribute('title', /^[0-9a-f-]{36}$/);
    await shot(page, info, 'audit', lng);
    found.push(...(await seriousAxe(page, 'audit')));
    expect(found).toEqual([]);
  });
}
