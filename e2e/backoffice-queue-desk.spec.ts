// The withdrawal desk (decision 178) in a browser, at 375 and 1280 px, in Lao and English: the tab title
// counts what waits, the amount's copy button says it copied, the reject dialog shows the player's latest
// orders and offers the agency's presets, and the preset chosen is the reason the player reads.
// Screenshots of the queue and the dialog to SHOTS.
import { DEFAULT_REJECT_REASONS } from '@app/contracts';
import { seriousAxe, shot, sized, staffLanguage, staffText } from './backoffice';
import { SAME_ORIGIN, expect, test } from './fixtures';
import { addBankAccount, depositThroughTheBank, registerPlayer } from './helpers';
import { signInStaff } from './staff';

for (const lng of ['lo', 'en'] as const) {
  test(`finance works the queue with the copy buttons, the player's orders and a preset reason (${lng})`, async ({
    page,
    browser,
    request,
  }, info) => {
    test.setTimeout(240_000);
    await sized(page, info);
    await staffLanguage(page, lng);
    const money = staffText(lng, 'money');
    const context = await browser.newContext({ viewport: page.viewportSize()! });
    const player = await context.newPage();
    await registerPlayer(player.request);
    await addBankAccount(player.request, 'E2E Desk Player');
    await depositThroughTheBank(player.request, request);
    const created = await player.request.post('/api/v2/withdrawals', {
      headers: SAME_ORIGIN,
      data: { providerId: 'gclub', amount: '120' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { withdrawal } = (await created.json()) as { withdrawal: { id: string; transactionCode: string } };
    await expect
      .poll(
        async () =>
          ((await (await player.request.get(`/api/v2/withdrawals/${withdrawal.id}`)).json()) as { withdrawal: { status: string } })
            .withdrawal.status,
        {
          timeout: 20_000,
        },
      )
      .toBe('OPEN');

    await signInStaff(page.request, 'finance');
    await page.goto('/backoffice/withdrawals');
    const card = page.locator(`[data-testid="queue-row"][data-code="${withdrawal.transactionCode}"]`);
    await expect(async () => {
      const more = page.getByTestId('queue-more');
      if ((await card.count()) === 0 && (await more.count()) > 0) await more.click();
      await expect(card).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    // the tab counts what waits
    await expect(page).toHaveTitle(new RegExp(`^\\(\\d+\\) ${money('queue.heading')}`));
    await card.getByTestId('copy-amount').click();
    await expect(card.getByTestId('copy-amount')).toHaveAttribute('data-state', 'copied');
    await card.scrollIntoViewIfNeeded();
    await shot(page, info, 'desk-queue', lng);

    await card.getByTestId('decide-reject').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('context-orders').locator('li').first()).toBeVisible();
    await expect(dialog.getByTestId('context-orders').locator(`li[data-kind="deposit"]`)).toHaveCount(1);
    const preset = DEFAULT_REJECT_REASONS[0]!;
    await dialog.getByRole('button', { name: preset }).click();
    await expect(dialog.getByTestId('decide-reject-input')).toHaveValue(preset);
    await shot(page, info, 'desk-reject-dialog', lng);
    expect(await seriousAxe(page, 'reject dialog with the player')).toEqual([]);
    await dialog.getByTestId('decide-reject-next').click();
    await dialog.getByTestId('decide-reject-confirm').click();
    await expect(dialog).toBeHidden();

    await player.goto('/player/withdraw/history');
    const row = player.locator(`[data-testid="withdraw-row"][data-code="${withdrawal.transactionCode}"]`);
    await expect(row.getByTestId('withdrawal-status')).toHaveAttribute('data-status', 'REJECTED');
    await expect(row.getByTestId('reject-reason')).toContainText(preset);
    await context.close();
  });
}

for (const lng of ['lo', 'en'] as const) {
  test(`the owner edits the agency's preset reject reasons in the settings screen (${lng})`, async ({ page }, info) => {
    test.setTimeout(120_000);
    await sized(page, info);
    await staffLanguage(page, lng);
    const fields = staffText(lng, 'fields');
    await signInStaff(page.request, 'owner');
    await page.goto('/backoffice/settings');
    const card = page.getByTestId('reject-reasons');
    await expect(card.getByTestId('reject-reasons-input')).toBeVisible();
    // the defaults stay first (the desk's journey chooses the first), one of the agency's own after them
    const own = `E2E ${lng}: ${DEFAULT_REJECT_REASONS[1]}`;
    await card.getByTestId('reject-reasons-input').fill([...DEFAULT_REJECT_REASONS, own, DEFAULT_REJECT_REASONS[0]].join('\n'));
    await card.getByTestId('reject-reasons-save').click();
    await expect(card.getByText(fields('backoffice.validation.reject_reasons_duplicate'))).toBeVisible();
    await card.getByTestId('reject-reasons-input').fill([...DEFAULT_REJECT_REASONS, own].join('\n'));
    await card.getByTestId('reject-reasons-save').click();
    await expect(card.getByTestId('reject-reasons-saved')).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await shot(page, info, 'desk-settings-reasons', lng);
    expect(await seriousAxe(page, 'settings with the reject reasons')).toEqual([]);
  });
}
