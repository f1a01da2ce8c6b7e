// Staff alerts (decision 112): the owner sets a Telegram chat, the events and thresholds, saves (the
// token is never shown again, only "set"), sends a test that the sandbox's Telegram receives; bad
// input is refused next to its field; finance does not see the screen. At 375 and 1280 px in Lao and English.
import type { Page, TestInfo } from '@playwright/test';
import { seriousViolations } from './backoffice-kit';
import { staffLanguage, staffText, type StaffLanguage } from './backoffice';
import { SAME_ORIGIN, expect, test } from './fixtures';
import { signInStaff } from './staff';

const SHOTS = process.env.SHOTS_DIR ?? '/work/shots-bo-alerts';
const SANDBOX = `http://127.0.0.1:${process.env.E2E_SANDBOX_PORT ?? 3400}`;
// invented, in the shape BotFather issues (never a real one)
const TOKEN = '7000000003:AAFe2eSandboxTokenNotRealxxxxxxxxxxxxx';
/** `<SHOTS>/<name>-<375|1280>.png`, full page, once the fonts (Lao's too) are in */
async function shot(page: Page, info: TestInfo, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${SHOTS}/${name}-${info.project.name === 'mobile' ? 375 : 1280}.png`, fullPage: true });
}

async function telegramMessages(page: Page): Promise<{ to: string; text: string }[]> {
  const res = await page.request.get(`${SANDBOX}/alerts/_messages`);
  return ((await res.json()) as { messages: { service: string; to: string; text: string }[] }).messages.filter(
    (m) => m.service === 'telegram',
  );
}

for (const lng of ['lo', 'en'] as StaffLanguage[]) {
  const t = staffText(lng, 'alerts');
  const field = staffText(lng, 'fields');

  test(`${lng}: the owner sets Telegram, saves, sees the token only as set, and sends a test`, async ({ page }, info) => {
    test.setTimeout(90_000);
    await staffLanguage(page, lng);
    await signInStaff(page.request, 'owner');
    // a clean start: no channel, nothing on (the other language's run may have set them)
    const reset = await page.request.put('/api/v2/backoffice/alerts', {
      headers: SAME_ORIGIN,
      data: { language: 'lo', events: [], withdrawalOverLak: null, withdrawalWaitMinutes: null, telegram: null, line: null },
    });
    expect(reset.status(), await reset.text()).toBe(200);
    await page.goto('/backoffice/alerts');
    await expect(page.getByTestId('alerts-page')).toBeVisible();
    await expect(page.getByTestId('telegram-token-state')).toHaveText(t('token_not_set'));
    await expect(page.getByTestId('telegram-test')).toBeDisabled();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, info, `alerts-empty-${lng}`);

    await page.getByTestId('event-withdrawal_large').check();
    await page.getByTestId('event-withdrawal_waiting').check();
    await page.getByTestId('telegram-on').check();
    await page.getByTestId('telegram-recipient').fill('my staff chat');
    await page.getByTestId('telegram-token').fill(TOKEN);
    await page.getByTestId('alerts-save').click();
    // refused next to each field, in the screen's language
    await expect(page.getByText(field('alerts.amount_required'))).toBeVisible();
    await expect(page.getByText(field('alerts.minutes_required'))).toBeVisible();
    await expect(page.getByText(field('alerts.telegram_chat_invalid'))).toBeVisible();
    await shot(page, info, `alerts-errors-${lng}`);

    const chat = `-100${Date.now() % 1_000_000_000}`;
    await page.getByTestId('alerts-over-lak').fill('5000000');
    await page.getByTestId('alerts-wait-minutes').fill('30');
    await page.getByTestId('telegram-recipient').fill(chat);
    await page.getByTestId('alerts-save').click();
    await expect(page.getByTestId('alerts-saved')).toBeVisible();
    await expect(page.getByTestId('telegram-token-state')).toHaveText(t('token_set'));
    await expect(page.getByTestId('telegram-token')).toHaveValue('');
    // the token is nowhere in what the browser gets
    const answer = await page.request.get('/api/v2/backoffice/alerts');
    expect(await answer.text()).not.toContain(TOKEN.split(':')[1]);

    await page.getByTestId('telegram-test').click();
    await expect(page.getByTestId('telegram-test-result')).toHaveText(t('test_sent'));
    const messages = await telegramMessages(page);
    expect(messages.filter((m) => m.to === chat)).toHaveLength(1);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, info, `alerts-saved-${lng}`);
  });
}

test('finance does not see the alerts in the menu and is sent away from the screen', async ({ page }, info) => {
  test.setTimeout(90_000);
  await staffLanguage(page, 'en');
  await signInStaff(page.request, 'finance');
  await page.goto('/backoffice/');
  if (info.project.name === 'mobile') await page.getByTestId('staff-menu').click();
  const nav = page.getByTestId(info.project.name === 'mobile' ? 'staff-drawer' : 'staff-sidebar');
  await expect(nav.getByTestId('nav-withdrawals')).toBeVisible();
  await expect(nav.getByTestId('nav-alerts')).toHaveCount(0);
  await page.goto('/backoffice/alerts');
  await expect(page).not.toHaveURL(/\/backoffice\/alerts/);
  expect((await page.request.get('/api/v2/backoffice/alerts')).status()).toBe(403);
});
