import { expect, PHONE_ONLY, test } from './fixtures';
import { addBankAccount, depositThroughTheBank, lo, pick, registerPlayer, staffDecides } from './helpers';

const withdraw = lo('withdraw');
const common = lo('common');

/**
 * The demo agency reaches askmebet through AMB's protocol and betflix through Betflix's
 * (docs/decisions/140-provider-protocols.md), both served by the sandbox. At 375 px (mobile) and
 * 1280 px: deposit to the provider, play the demo game, withdraw part of the credit, staff approve.
 */
test.describe.configure({ timeout: 150_000 });

for (const [providerId, name] of [
  ['askmebet', 'AskMeBet'],
  ['betflix', 'Betflix'],
] as const) {
  test(`${name} on its real protocol: deposit, play the demo game, withdraw`, PHONE_ONLY, async ({ page, request }) => {
    await registerPlayer(page.request);
    await addBankAccount(page.request, 'E2E Real Rails');
    await depositThroughTheBank(page.request, request, providerId);

    // the game page shows the credit at the provider; a tile opens the provider's demo game
    await page.goto(`/player/game/${providerId}`);
    const credit = page.getByTestId('credit-card').getByTestId('credit-amount');
    await expect(credit).toHaveText(/^724[.,]63\s*THB$/);
    await page.getByTestId('game-tile').first().getByRole('button').click();
    await expect(page).toHaveURL(new RegExp(`/providers/${providerId}/session/`));
    await page.locator('#bet-form select[name="amount"]').selectOption('5.00');
    await page.locator('#bet-form button[type="submit"]').click();
    await expect(page.locator('#message')).not.toBeEmpty();

    // back on the site: the credit is what the provider holds after the round
    const after = ((await (await page.request.get(`/api/v2/players/credits/${providerId}`)).json()) as { credit: { amount: string } })
      .credit.amount;
    expect(after).not.toBe('724.63');

    // withdraw 100 THB of it to the bank account; staff pay it out
    await page.goto('/player/withdraw');
    const form = page.getByTestId('withdraw-form');
    await form.getByLabel(pick(withdraw, 'form.provider')).click();
    await page.getByRole('option', { name, exact: true }).click();
    await form.getByLabel(pick(withdraw, 'form.amount')).fill('100');
    await form.getByRole('button', { name: pick(withdraw, 'form.submit') }).click();
    const details = page.getByTestId('withdrawal-details');
    await expect(details).toHaveAttribute('data-status', 'OPEN', { timeout: 15_000 });
    const code = (await details.locator('dd .font-mono').first().textContent())!.trim();
    const left = (Math.round(Number(after) * 100) - 10_000) / 100;
    await page.goto(`/player/game/${providerId}`);
    await expect(credit).toHaveText(new RegExp(`^${left.toFixed(2).replace('.', '[.,]')}\\s*THB$`));
    await staffDecides(request, code, { approve: `BCEL-${code}` });
    await page.goto('/player/withdraw/history');
    const row = page.locator(`[data-testid="withdraw-row"][data-code="${code}"]`);
    await expect(row.getByTestId('withdrawal-status')).toHaveAttribute('data-status', 'SUCCESS');
    await expect(row).toContainText(pick(common, 'order_status.SUCCESS'));
  });
}
