import { test, expect } from './fixtures';
import vnWithdraw from '../apps/web/src/locales/vn/withdraw.json' with { type: 'json' };
import { addBankAccount, depositThroughTheBank, lo, pick, registerPlayer, staffDecides } from './helpers';

const withdraw = lo('withdraw');
const common = lo('common');

test('withdraw part of the credit to the bank account; OPEN in history, SUCCESS once staff approve', async ({ page, request }, info) => {
  await registerPlayer(page.request);
  const accountNumber = await addBankAccount(page.request, 'E2E Withdrawer');
  await depositThroughTheBank(page.request, request);

  // the form: gclub's credit, 200 THB → 128,000 kip at the buy rate of 640, into the BCEL account
  await page.goto('/player/withdraw');
  const form = page.getByTestId('withdraw-form');
  await form.getByLabel(pick(withdraw, 'form.provider')).click();
  await page.getByRole('option', { name: 'GClub', exact: true }).click();
  await expect(form.getByTestId('withdraw-credit')).toContainText(/724[.,]63/);
  await form.getByLabel(pick(withdraw, 'form.amount')).fill('200');
  const preview = form.getByTestId('withdraw-preview');
  await expect(preview).toContainText(/128[.,]000/);
  await expect(preview).toContainText(accountNumber);
  await expect(preview).toContainText('E2E Withdrawer');
  await form.getByRole('button', { name: pick(withdraw, 'form.submit') }).click();

  // the display fields of the order, OPEN while staff pay out
  const details = page.getByTestId('withdrawal-details');
  await expect(details).toHaveAttribute('data-status', 'OPEN', { timeout: 15_000 });
  await expect(details).toContainText(/128[.,]000/);
  await expect(details).toContainText(accountNumber);
  await expect(details).toContainText(pick(common, 'banks.bcel'));
  const code = (await details.locator('dd .font-mono').first().textContent())!.trim();
  expect(code).toMatch(/^W\d{10}$/);
  await page.goto('/player/game/gclub');
  await expect(page.getByTestId('credit-card').getByTestId('credit-amount')).toHaveText(/^524[.,]63\s*THB$/);

  await page.goto('/player/withdraw/history');
  const row = page.locator(`[data-testid="withdraw-row"][data-code="${code}"]`);
  await expect(row).toContainText(/200[.,]00/);
  await expect(row.getByTestId('withdrawal-status')).toHaveAttribute('data-status', 'OPEN');
  await expect(row).toContainText(pick(common, 'order_status.OPEN'));

  // the seeded owner pays it out and approves it with the bank's reference
  await staffDecides(request, code, { approve: `BCEL-${code}` });

  await page.reload();
  await expect(row.getByTestId('withdrawal-status')).toHaveAttribute('data-status', 'SUCCESS');
  await expect(row).toContainText(pick(common, 'order_status.SUCCESS'));

  // behind the row (a card's tap on a phone): the kip received and the bank's reference of the payment
  const width = info.project.name === 'mobile' ? 375 : 1280;
  for (const lng of ['lo', 'vn'] as const) {
    await page.evaluate((l) => localStorage.setItem('i18nextLng', l), lng);
    await page.reload();
    if (info.project.name === 'mobile') {
      await row.locator('summary').click();
      await expect(row).toContainText(pick(lng === 'lo' ? withdraw : vnWithdraw, 'details.bank_reference'));
      await expect(row).toContainText(`BCEL-${code}`);
      await expect(row).toContainText(/128[.,]000/);
    }
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: `${process.env.SHOTS_DIR ?? 'test-results'}/withdraw-history-${lng}-${width}.png`, fullPage: true });
  }
});
