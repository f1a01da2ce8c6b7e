// Fraud signals (docs/decisions/164-fraud-signals.md), at 375/390 and 1280 px.
// Players, in Lao and Vietnamese: a second player of one device takes the first-deposit promotion the
// first took; it is refused, and both are told why before they try again. Staff, in Lao and English:
// the queue's badge on the withdrawal of one of two players of one device, the other named on opening,
// the player's page listing the signal with a link to the other, and finance dismissing it with a reason.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Browser, Page, TestInfo } from '@playwright/test';
import { queueCard, seriousAxe, shot, sized, staffLanguage, staffText } from './backoffice';
import { expect, PHONE_ONLY, pressEscape, SAME_ORIGIN, testAllowing } from './fixtures';
import { addBankAccount, depositThroughTheBank } from './helpers';
import { PLAYER_LANGUAGES, overflowing, texts, useLanguage } from './player-i18n';
import { signInStaff } from './staff';

// the refusal this journey expects: the ring's take of the promotion (403)
const test = testAllowing([/\/api\/v2\/promotions\/use$/]);
test.describe.configure({ timeout: 240_000 });

const SHOTS = process.env.SHOTS_DIR ?? 'e2e/artifacts/fraud-signals';
mkdirSync(SHOTS, { recursive: true });
const playerShot = (page: Page, info: TestInfo, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}-${info.project.name === 'mobile' ? 375 : 1280}.png`, fullPage: true });

/** A player registered with this device's fingerprint (as the site sends it), with a BCEL account. */
async function onDevice(api: APIRequestContext, device: string): Promise<string> {
  const username = `e2e${randomBytes(5).toString('hex')}`;
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const registered = await api.post('/api/v2/players/register', {
    headers: { ...SAME_ORIGIN, 'x-fingerprint': device },
    data: { username, password, confirmPassword: password, fingerprint: device },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  await addBankAccount(api, `E2E ${username}`);
  return username;
}

/** A second browser of the same size (the first player of the device). */
async function otherBrowser(browser: Browser, page: Page) {
  const context = await browser.newContext({ viewport: page.viewportSize()! });
  return { context, api: context.request };
}

for (const lng of PLAYER_LANGUAGES) {
  test(
    `a second player of one device is refused the first-deposit promotion, and both are told why (${lng})`,
    PHONE_ONLY,
    async ({ page, browser }, info) => {
      const tr = texts(lng);
      await useLanguage(page, lng);
      await onDevice(page.request, randomBytes(16).toString('hex'));
      // the page says its browser's fingerprint once loaded, and it replaces the day's (SPEC.md §3): that
      // browser is the device. The other player is registered on it once it is said, so no report can
      // land between and leave the two on different devices.
      const reported = page.waitForResponse((r) => r.url().endsWith('/api/v2/fingerprint') && r.request().method() === 'POST');
      await page.goto('/player/promotion');
      const device = ((await reported).request().postDataJSON() as { fingerprint: string }).fingerprint;
      const first = await otherBrowser(browser, page);
      await onDevice(first.api, device);
      const list = (await (await first.api.get('/api/v2/promotions')).json()) as { promotions: { id: string; code: string }[] };
      const welcome = list.promotions.find((p) => p.code === 'FIRST100')!;
      const took = await first.api.post('/api/v2/promotions/use', {
        headers: SAME_ORIGIN,
        data: { promotionId: welcome.id, providerId: 'gclub' },
      });
      expect(took.status(), await took.text()).toBe(201);

      await page.locator('[data-testid="promotion-card"][data-code="FIRST100"]').click();
      await page.getByTestId('take-promotion').click();
      // the refusal in words (the toast), and the page, reading why again, says it before the button
      await expect(page.getByRole('region').getByText(tr('errors', 'PROMOTION_BONUS_RING'), { exact: true })).toBeVisible();
      expect(await overflowing(page)).toEqual([]);
      await playerShot(page, info, `ring-refused-${lng}`);

      // read again: the page says why before the player tries, and the button stays off
      await page.reload();
      await expect(page.getByTestId('promotion-blocked')).toHaveText(tr('errors', 'PROMOTION_BONUS_RING'));
      await expect(page.getByTestId('take-promotion')).toBeDisabled();
      await playerShot(page, info, `ring-blocked-${lng}`);
      // the first player of the ring is refused any other promotion too
      const blocked = (await (await first.api.get('/api/v2/promotions/check-blocking')).json()) as { reason: string };
      expect(blocked.reason).toBe('PROMOTION_BONUS_RING');
      await first.context.close();
    },
  );
}

for (const lng of ['lo', 'en'] as const) {
  test(`staff see the signals of two players on one device and dismiss one with a reason (${lng})`, async ({
    page,
    browser,
    request,
  }, info) => {
    await sized(page, info);
    await staffLanguage(page, lng);
    const signals = staffText(lng, 'signals');
    const money = staffText(lng, 'money');
    const device = randomBytes(16).toString('hex');
    const first = await otherBrowser(browser, page);
    const firstName = await onDevice(first.api, device);
    const second = await otherBrowser(browser, page);
    const secondName = await onDevice(second.api, device);
    await depositThroughTheBank(second.api, request);
    const created = await second.api.post('/api/v2/withdrawals', { headers: SAME_ORIGIN, data: { providerId: 'gclub', amount: '100' } });
    expect(created.status(), await created.text()).toBe(201);
    const { withdrawal } = (await created.json()) as { withdrawal: { id: string; transactionCode: string } };
    await expect
      .poll(
        async () =>
          ((await (await second.api.get(`/api/v2/withdrawals/${withdrawal.id}`)).json()) as { withdrawal: { status: string } }).withdrawal
            .status,
        {
          timeout: 20_000,
        },
      )
      .toBe('OPEN');

    const found: string[] = [];
    await signInStaff(page.request, 'finance');
    await page.goto('/backoffice/withdrawals');
    const card = await queueCard(page, withdrawal.transactionCode);
    await expect(card.getByTestId('queue-signals')).toContainText(signals('short.device'));
    await shot(page, info, 'signals-queue', lng);

    // on opening, the other player is named, with what they share
    await card.getByRole('button', { name: money('queue.details') }).click();
    const dialog = page.getByRole('dialog');
    // (every e2e player registers from 127.0.0.1, which makes no registration signal: decision 164)
    const signal = dialog.getByTestId('fraud-signal');
    await expect(signal).toHaveAttribute('data-kind', 'device');
    await expect(signal.getByTestId('signal-other')).toHaveText(firstName);
    await expect(signal).toContainText(signals('kinds.device'));
    await shot(page, info, 'signals-detail', lng);
    found.push(...(await seriousAxe(page, 'withdrawal detail')));
    await pressEscape(dialog);

    // the decision dialog shows them too, above the bank reference
    await card.getByTestId('decide-approve').click();
    await expect(page.getByRole('dialog').getByTestId('decision-signals').getByTestId('signal-other')).toHaveText(firstName);
    await shot(page, info, 'signals-decision', lng);
    await pressEscape(page.getByRole('dialog'));

    // the other player's page lists the signal, the player of the withdrawal a link to theirs
    await page.goto('/backoffice/');
    const firstId = (
      (await (await page.request.get(`/api/v2/backoffice/players?by=username&q=${firstName}`)).json()) as { items: { id: string }[] }
    ).items[0]!.id;
    await page.goto(`/backoffice/players/${firstId}`);
    const section = page.getByTestId('player-signals');
    const listed = section.getByTestId('fraud-signal');
    await expect(listed.getByTestId('signal-other')).toHaveText(secondName);
    await shot(page, info, 'signals-player', lng);
    found.push(...(await seriousAxe(page, 'player page')));

    // finance dismiss it with a reason: it stays, dismissed, with who and why
    await listed.getByTestId('signal-dismiss').click();
    const decide = page.getByRole('dialog');
    await decide.getByTestId('signal-dismiss-input').fill('E2E: one family phone, checked by a call');
    await decide.getByTestId('signal-dismiss-next').click();
    await expect(decide.getByTestId('signal-dismiss-confirm-text')).toContainText(secondName);
    await decide.getByTestId('signal-dismiss-confirm').click();
    await expect(decide).toBeHidden();
    await expect(listed).toHaveAttribute('data-status', 'dismissed');
    await expect(listed).toContainText('E2E: one family phone, checked by a call');
    await shot(page, info, 'signals-dismissed', lng);

    // and the other's link leads to the player of the withdrawal
    await listed.getByTestId('signal-other').click();
    await expect(page).toHaveURL(/\/backoffice\/players\//);
    await expect(page.getByTestId('player-signals').getByTestId('signal-other')).toHaveText(firstName);
    expect(found).toEqual([]);
    await first.context.close();
    await second.context.close();
  });
}
