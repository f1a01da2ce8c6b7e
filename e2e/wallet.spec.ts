import { expect, PHONE_ONLY, test } from './fixtures';
import { lo, pick, registerPlayer } from './helpers';

const wallet = lo('wallet');
const auth = lo('auth');
const errors = lo('errors');
const common = lo('common');

/**
 * The browser logs every 4xx answer as a console error. Those this journey expects are taken off the
 * list the fixture checks: the player-info probe before logging in (401) and the refused launch (422).
 */
function expectFailedResource(consoleErrors: string[], status: number, required: boolean) {
  const i = consoleErrors.findIndex((e) => e.includes(`status of ${status}`));
  if (required) expect(i, `a logged ${status}`).toBeGreaterThanOrEqual(0);
  if (i >= 0) consoleErrors.splice(i, 1);
}

test(
  'log in, add a bank account, open a game page: the catalogue and a credit of 0',
  PHONE_ONLY,
  async ({ page, request, consoleErrors }) => {
    const { username, password } = await registerPlayer(request);

    // log in
    await page.goto('/login');
    await page.getByLabel(pick(auth, 'login.username')).fill(username);
    await page.getByLabel(pick(auth, 'login.password')).fill(password);
    await page
      .getByTestId('login-form')
      .getByRole('button', { name: pick(auth, 'login.submit') })
      .click();
    await expect(page).toHaveURL(/\/player$/);
    expectFailedResource(consoleErrors, 401, false);
    await expect(page.getByTestId('credit-gclub').getByTestId('credit-amount')).toContainText('THB');

    // add a bank account: a mobile-wallet number is refused with its translated message first
    await page.goto('/player/bank');
    const form = page.getByTestId('bank-account-form');
    await form.getByLabel(pick(wallet, 'bank.bank')).click();
    await page.getByRole('option', { name: pick(common, 'banks.bcel') }).click();
    await form.getByLabel(pick(wallet, 'bank.account_number')).fill('020 5555 1234');
    await form.getByLabel(pick(wallet, 'bank.account_name')).fill('Somchai Phommavong');
    await form.getByLabel(pick(wallet, 'bank.owner')).check();
    await form.getByRole('button', { name: pick(wallet, 'bank.submit') }).click();
    await expect(form.getByText(pick(wallet, 'bank.validation.wallet_not_allowed'))).toBeVisible();

    await form.getByLabel(pick(wallet, 'bank.account_number')).fill(`0101-${String(Date.now()).slice(-9)}`);
    await form.getByRole('button', { name: pick(wallet, 'bank.submit') }).click();
    await expect(page.getByText(pick(wallet, 'bank.added'), { exact: true })).toBeVisible();
    const account = page.getByTestId('bank-account');
    await expect(account).toContainText('Somchai Phommavong');
    await expect(account).toContainText(pick(common, 'banks.bcel'));
    await expect(form).toHaveCount(0);

    // a game page: the credit there is 0, the catalogue shows by tab, tabs keep ?tab= in the URL
    await page.goto('/player/game/askmebet?tab=Slot');
    await expect(page.getByTestId('credit-card').getByTestId('credit-amount')).toHaveText(/^0[.,]00\s*THB$/);
    await expect(page.getByTestId('credit-card')).toContainText(pick(wallet, 'games.deposit_first'));
    const tiles = page.getByTestId('game-tile');
    await expect(tiles.first()).toBeVisible();
    const slotFirst = await tiles.first().textContent();
    await expect(page.getByRole('link', { name: pick(wallet, 'games.tab.slot') })).toHaveAttribute('aria-current', 'page');

    await page.getByRole('link', { name: pick(wallet, 'games.tab.casino') }).click();
    await expect(page).toHaveURL(/tab=Casino/);
    await expect(page.getByRole('link', { name: pick(wallet, 'games.tab.casino') })).toHaveAttribute('aria-current', 'page');
    await expect(tiles.first()).not.toHaveText(slotFirst ?? '');

    // without credit a game does not open: 'cannot open game, please deposit'
    await tiles.first().getByRole('button').click();
    await expect(page.getByText(pick(errors, 'GAME_NO_CREDIT'), { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/player\/game\/askmebet/);
    expectFailedResource(consoleErrors, 422, true);
  },
);
