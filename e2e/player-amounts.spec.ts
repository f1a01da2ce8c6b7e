import { expect, PHONE_ONLY, test } from './fixtures';
import { PLAYER_LANGUAGES, openAsPlayer } from './player-i18n';

// An amount is read as the player sees it; a decimal point never multiplies it.
// The bounds are stated before typing, and the errors name them.
for (const lng of PLAYER_LANGUAGES) {
  test(`${lng}: 25000.5 kip is refused with the reason, 50000 opens a QR for 50,000 LAK`, PHONE_ONLY, async ({ page }) => {
    const { tr, form } = await openAsPlayer(page, lng, '/player/deposit', 'deposit-form');
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

  test(
    `${lng}: credit typed as 1.250,50 previews the same kip as 1250.50; more than two decimals (100.005) are refused`,
    PHONE_ONLY,
    async ({ page }) => {
      const { tr, form } = await openAsPlayer(page, lng, '/player/withdraw', 'withdraw-form', { bank: true });
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
      // the site writes THB as 154.92: three digits after the dot are too many decimals, never thousands
      await amount.fill('100.005');
      await expect(form.getByText(tr('errors', 'amount.decimals'))).toBeVisible();
      await expect(preview).toContainText(tr('withdraw', 'form.receive_hint'));
    },
  );

  test(`${lng}: the deposit's bounds are shown before typing and named in the error`, PHONE_ONLY, async ({ page }) => {
    const { tr, form } = await openAsPlayer(page, lng, '/player/deposit', 'deposit-form');
    const limits = form.getByTestId('amount-limits');
    await expect(limits).toContainText(tr('deposit', 'form.limits').split('{{min}}')[0]!);
    await expect(limits).toContainText(/20[.,]000 LAK/);
    await expect(limits).toContainText(/50[.,]000[.,]000 LAK/);
    const amount = form.getByLabel(tr('deposit', 'form.amount'));
    await amount.fill('19999');
    await form.getByRole('button', { name: tr('deposit', 'form.submit') }).click();
    const error = form.getByRole('alert');
    await expect(error).toContainText(/20[.,]000 LAK/);
    await expect(error).toContainText(/50[.,]000[.,]000 LAK/);
    await expect(page.getByTestId('deposit-qr')).toHaveCount(0);
    await amount.fill('50000001');
    await amount.blur();
    await expect(error).toContainText(/50[.,]000[.,]000 LAK/);
    await amount.fill('20000');
    await expect(form.getByRole('alert')).toHaveCount(0);
  });

  test(`${lng}: the withdrawal's bounds and the credit are shown before typing; the errors name them`, PHONE_ONLY, async ({ page }) => {
    const { tr, form } = await openAsPlayer(page, lng, '/player/withdraw', 'withdraw-form', { bank: true });
    await expect(form.getByTestId('amount-limits')).toContainText(tr('withdraw', 'form.limits').split('{{min}}')[0]!);
    await expect(form.getByTestId('amount-limits')).toContainText(/100[.,]00 THB/);
    await expect(form.getByTestId('amount-limits')).toContainText(/200[.,]000[.,]00 THB/);
    await expect(form.getByTestId('withdraw-credit')).toHaveText(/^0[.,]00 THB$/);
    const amount = form.getByLabel(tr('withdraw', 'form.amount'));
    await amount.fill('99.99');
    await form.getByRole('button', { name: tr('withdraw', 'form.submit') }).click();
    await expect(form.getByRole('alert')).toContainText(/100[.,]00 THB/);
    // within the bounds but more than the credit there: the error says how much there is
    await amount.fill('150');
    const over = form.getByRole('alert');
    await expect(over).toContainText(tr('withdraw', 'validation.over_credit').split('{{credit}}')[0]!);
    await expect(over).toContainText(/0[.,]00 THB/);
  });

  test(
    `${lng}: the bank account form names the digit counts of the chosen bank, before typing and in the error`,
    PHONE_ONLY,
    async ({ page }) => {
      const { tr, form } = await openAsPlayer(page, lng, '/player/bank', 'bank-account-form');
      await form.getByLabel(tr('wallet', 'bank.bank')).click();
      await page.getByRole('option', { name: tr('common', 'banks.ldb') }).click();
      const lengths = form.getByTestId('account-number-lengths');
      await expect(lengths).toHaveText(
        tr('wallet', 'bank.account_number_lengths', { bank: tr('common', 'banks.ldb'), lengths: `13, 16 ${tr('wallet', 'bank.or')} 18` }),
      );
      await form.getByLabel(tr('wallet', 'bank.account_number')).fill('12345678901');
      await form.getByRole('button', { name: tr('wallet', 'bank.submit') }).click();
      await expect(
        form.getByText(
          tr('wallet', 'bank.validation.account_number_invalid', {
            bank: tr('common', 'banks.ldb'),
            lengths: `13, 16 ${tr('wallet', 'bank.or')} 18`,
          }),
        ),
      ).toBeVisible();
    },
  );
}
