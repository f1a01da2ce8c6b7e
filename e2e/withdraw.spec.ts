import { test, expect } from './fixtures';
import { seriousViolations } from './backoffice-kit';
import { addBankAccount, depositThroughTheBank, lo, localeTexts, openOrderDetails, pick, registerPlayer, staffDecides } from './helpers';

const withdraw = lo('withdraw');
const common = lo('common');
const [vnWithdraw, vnCommon] = [localeTexts('withdraw', 'vn'), localeTexts('common', 'vn')];

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

  // behind the row, by keyboard on either layout (a card on a phone, a row's button on wide screens): the kip
  // received, the bank and the bank's reference of the payment, when it was paid
  const width = info.project.name === 'mobile' ? 375 : 1280;
  for (const lng of ['lo', 'vn'] as const) {
    const texts = lng === 'lo' ? withdraw : vnWithdraw;
    await page.evaluate((l) => localStorage.setItem('i18nextLng', l), lng);
    await page.reload();
    const more = await openOrderDetails(page, 'withdraw-row', code, info.project.name === 'mobile');
    await expect(more).toBeVisible();
    await expect(more).toContainText(pick(texts, 'details.bank_reference'));
    await expect(more).toContainText(`BCEL-${code}`);
    await expect(more).toContainText(/128[.,]000/);
    await expect(more).toContainText(pick(texts, 'details.paid_at'));
    await expect(more).toContainText(pick(lng === 'lo' ? common : vnCommon, 'banks.bcel'));
    await expect(more).toContainText(accountNumber);
    expect(await seriousViolations(page)).toEqual([]);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: `${process.env.SHOTS_DIR ?? 'test-results'}/withdraw-history-${lng}-${width}.png`, fullPage: true });
  }
});
