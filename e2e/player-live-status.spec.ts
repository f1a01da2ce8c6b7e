import type { Page } from '@playwright/test';
import { expect, PHONE_ONLY, test } from './fixtures';
import { depositThroughTheBank, registerPlayer, staffDecides } from './helpers';
import { PLAYER_LANGUAGES, addBankAccount, texts, useLanguage } from './player-i18n';

// An open withdrawal's page and the history follow its status without a
// reload; a rejection shows its reason; cancelling asks first.

// each journey funds a player at the bank, then withdraws: more than the default minute on a loaded machine
test.describe.configure({ timeout: 150_000 });

async function withdrawThroughTheForm(page: Page, tr: ReturnType<typeof texts>, amount: string): Promise<string> {
  await page.goto('/player/withdraw');
  const form = page.getByTestId('withdraw-form');
  await expect(form).toBeVisible({ timeout: 30_000 });
  await form.getByLabel(tr('withdraw', 'form.amount')).fill(amount);
  await form.getByRole('button', { name: tr('withdraw', 'form.submit') }).click();
  const details = page.getByTestId('withdrawal-details');
  await expect(details).toHaveAttribute('data-status', 'OPEN', { timeout: 15_000 });
  return (await details.locator('dd .font-mono').first().textContent())!.trim();
}

for (const lng of PLAYER_LANGUAGES) {
  test(
    `${lng}: a rejection reaches the open page and the history without a reload, with its reason`,
    PHONE_ONLY,
    async ({ page, request }) => {
      const tr = texts(lng);
      await useLanguage(page, lng);
      await registerPlayer(page.request);
      await addBankAccount(page.request);
      await depositThroughTheBank(page.request, request);
      const code = await withdrawThroughTheForm(page, tr, '200');
      const details = page.getByTestId('withdrawal-details');
      await expect(details.getByRole('button', { name: tr('withdraw', 'result.cancel') })).toBeVisible();

      const reason = 'Account name does not match';
      await staffDecides(request, code, { reject: reason });
      await expect(details).toHaveAttribute('data-status', 'REJECTED', { timeout: 15_000 });
      await expect(details).toContainText(reason);
      await expect(details.getByRole('button', { name: tr('withdraw', 'result.cancel') })).toHaveCount(0);

      await page.getByRole('link', { name: tr('withdraw', 'result.history') }).click();
      const row = page.locator(`[data-testid="withdraw-row"][data-code="${code}"]`);
      await expect(row.getByTestId('withdrawal-status')).toHaveAttribute('data-status', 'REJECTED');
      await expect(row.getByTestId('reject-reason')).toContainText(reason);
    },
  );

  test(`${lng}: cancelling asks first; an approval reaches the open history without a reload`, PHONE_ONLY, async ({ page, request }) => {
    const tr = texts(lng);
    await useLanguage(page, lng);
    await registerPlayer(page.request);
    await addBankAccount(page.request);
    await depositThroughTheBank(page.request, request);
    await withdrawThroughTheForm(page, tr, '100');
    const details = page.getByTestId('withdrawal-details');

    // one tap only asks; keeping it changes nothing, and focus returns to the button
    const cancel = details.getByRole('button', { name: tr('withdraw', 'result.cancel') });
    await cancel.click();
    const dialog = page.getByRole('dialog', { name: tr('withdraw', 'cancel_confirm.title') });
    await expect(dialog).toContainText(tr('withdraw', 'cancel_confirm.description'));
    await dialog.getByRole('button', { name: tr('withdraw', 'cancel_confirm.keep') }).click();
    await expect(dialog).toHaveCount(0);
    await expect(cancel).toBeFocused();
    await expect(details).toHaveAttribute('data-status', 'OPEN');
    await cancel.click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: tr('withdraw', 'cancel_confirm.confirm') })
      .click();
    await expect(details).toHaveAttribute('data-status', 'CANCELED', { timeout: 15_000 });

    // a new withdrawal, watched from the history while staff approve it
    await details.getByRole('button', { name: tr('withdraw', 'result.new') }).click();
    const code = await withdrawThroughTheForm(page, tr, '150');
    await page.goto('/player/withdraw/history');
    const row = page.locator(`[data-testid="withdraw-row"][data-code="${code}"]`);
    await expect(row.getByTestId('withdrawal-status')).toHaveAttribute('data-status', 'OPEN', { timeout: 15_000 });
    await staffDecides(request, code, { approve: `BCEL-${code}` });
    await expect(row.getByTestId('withdrawal-status')).toHaveAttribute('data-status', 'SUCCESS', { timeout: 15_000 });
  });
}
