import { test, expect } from './fixtures';
import { registerPlayer } from './helpers';
import { PLAYER_LANGUAGES, addBankAccount, texts, useLanguage } from './player-i18n';

// Issue #18 item 1: an amount is read as the player sees it; a decimal point never multiplies it.
for (const lng of PLAYER_LANGUAGES) {
  test(`${lng}: 25000.5 kip is refused with the reason, 50000 opens a QR for 50,000 LAK`, async ({ page }) => {
    const tr = texts(lng);
    await useLanguage(page, lng);
    await registerPlayer(page.request);
    await page.goto('/player/deposit');
    const form = page.getByTestId('deposit-form');
    await expect(form).toBeVisible({ timeout: 30_000 });
    const amount = form.getByLabel(tr('deposit', 'form.amount'));
    await expect(form.getByLabel(tr('deposit', 'form.currency'))).toContainText('LAK');

    await amount.fill('25000.5');
    await form.getByRole('button', { name: tr('deposit', 'form.submit') }).click();
    await expect(form.getByText(tr('errors', 'amount.whole_kip'))).toBeVisible();
    await expect(form.getByTestId('credit-preview')).toHaveText(tr('deposit', 'form.credit_hint'));
    await expect(page.getByTestId('deposit-qr')).toHaveCount(0);

    // the Lao form of fifty thousand previews its credit, not a hundredfold
    await amount.fill('50.000');
    await expect(form.getByTestId('credit-preview')).toContainText(/72[.,]46/);
    await amount.fill('50000');
    await expect(form.getByText(tr('errors', 'amount.whole_kip'))).toHaveCount(0);
    await form.getByRole('button', { name: tr('deposit', 'form.submit') }).click();
    await expect(page.getByTestId('qr-amount')).toHaveText(/^50[.,]000 LAK$/);
  });

  test(`${lng}: credit typed as 1.250,50 previews the same kip as 1250.50; more than two decimals are refused`, async ({ page }) => {
    const tr = texts(lng);
    await useLanguage(page, lng);
    await registerPlayer(page.request);
    await addBankAccount(page.request);
    await page.goto('/player/withdraw');
    const form = page.getByTestId('withdraw-form');
    await expect(form).toBeVisible({ timeout: 30_000 });
    const amount = form.getByLabel(tr('withdraw', 'form.amount'));
    const preview = form.getByTestId('withdraw-preview');
    await amount.fill('1250.50');
    await expect(preview).toContainText(/800[.,]320/);
    await amount.fill('1.250,50');
    await expect(preview).toContainText(/800[.,]320/);
    await amount.fill('10.5051');
    await form.getByRole('button', { name: tr('withdraw', 'form.submit') }).click();
    await expect(form.getByText(tr('errors', 'amount.decimals'))).toBeVisible();
    await expect(preview).toContainText(tr('withdraw', 'form.receive_hint'));
  });
}
