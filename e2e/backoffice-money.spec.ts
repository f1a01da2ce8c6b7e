// The back office's money journeys in a browser, at 390 and 1280 px, in Lao and English: finance approves a
// player's withdrawal in the queue screen with the bank's reference and the player's history shows it
// SUCCESS; rejects the next one with a reason the player then reads there; changes LAK's rate in the rates
// screen and the player's deposit form converts at the new one. axe over the dashboard, the queue (and its
// decide dialog) and the rates screen: no serious or critical violation. Screenshots to SHOTS.
import { join } from 'node:path';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { queueCard, seriousAxe, shot, sized, staffLanguage, staffText } from './backoffice';
import { SAME_ORIGIN, expect, pressEscape, test } from './fixtures';
import { addBankAccount, depositThroughTheBank, lo, pick, registerPlayer } from './helpers';
import { locked, signInStaff } from './staff';

const playerCommon = lo('common');

/** A player (in a browser of their own, the same width) with a BCEL account and 724.63 THB at gclub. */
async function playerWithCredit(browser: Browser, page: Page, request: APIRequestContext) {
  const context = await browser.newContext({ viewport: page.viewportSize()! });
  const player = await context.newPage();
  await registerPlayer(player.request);
  await addBankAccount(player.request, 'E2E Queue Player');
  await depositThroughTheBank(player.request, request);
  return { context, player };
}

/** The player asks for `amount` THB of gclub's credit; answers its code once it waits for staff (OPEN). */
async function requestWithdrawal(api: APIRequestContext, amount: string): Promise<string> {
  const created = await api.post('/api/v2/withdrawals', { headers: SAME_ORIGIN, data: { providerId: 'gclub', amount } });
  expect(created.status(), await created.text()).toBe(201);
  const { withdrawal } = (await created.json()) as { withdrawal: { id: string; transactionCode: string } };
  await expect
    .poll(
      async () =>
        ((await (await api.get(`/api/v2/withdrawals/${withdrawal.id}`)).json()) as { withdrawal: { status: string } }).withdrawal.status,
      {
        timeout: 20_000,
      },
    )
    .toBe('OPEN');
  return withdrawal.transactionCode;
}

/** The row of that withdrawal in the player's history (SPEC.md §3), read anew. */
async function historyRow(player: Page, code: string): Promise<Locator> {
  await player.goto('/player/withdraw/history');
  return player.locator(`[data-testid="withdraw-row"][data-code="${code}"]`);
}

for (const lng of ['lo', 'en'] as const) {
  test(`finance approves a withdrawal and rejects the next; the player sees SUCCESS and the reason (${lng})`, async ({
    page,
    browser,
    request,
  }, info) => {
    // a deposit through the bank, two withdrawals through the provider and two browsers on a shared machine
    test.setTimeout(240_000);
    await sized(page, info);
    await staffLanguage(page, lng);
    const money = staffText(lng, 'money');
    const found: string[] = [];
    const { context, player } = await playerWithCredit(browser, page, request);
    await signInStaff(page.request, 'finance');

    // the dashboard: finance's home
    await page.goto('/backoffice/');
    await expect(page.getByTestId('dashboard')).toBeVisible();
    // the 15 days: a table from 640 px up; on a phone a card a day, and nothing scrolls sideways
    const phone = page.viewportSize()!.width < 640;
    await expect(page.getByTestId(phone ? 'dashboard-day-cards' : 'dashboard-days')).toBeVisible();
    await expect(page.getByTestId(phone ? 'dashboard-days' : 'dashboard-day-cards')).toBeHidden();
    if (phone) {
      await expect(page.getByTestId('dashboard-day-cards').locator('li')).toHaveCount(15);
      const sideways = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('[data-testid="dashboard"] *')]
          .filter((e) => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible')
          .map((e) => e.dataset.testid ?? e.tagName),
      );
      expect(sideways).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
    await shot(page, info, 'dashboard', lng);
    found.push(...(await seriousAxe(page, 'dashboard')));

    // approve: the bank's reference is asked for (an empty one refused in words), then confirmed
    const paid = await requestWithdrawal(player.request, '100');
    await page.goto('/backoffice/withdrawals');
    const card = await queueCard(page, paid);
    await expect(card).toContainText(/64[.,]000/);
    await shot(page, info, 'queue', lng);
    found.push(...(await seriousAxe(page, 'queue')));
    await card.getByTestId('decide-approve').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('decide-approve-next').click();
    await expect(dialog.getByText(money('decide.approve_required'))).toBeVisible();
    await dialog.getByTestId('decide-approve-input').fill(`BCEL-${paid}`);
    await shot(page, info, 'queue-approve', lng);
    found.push(...(await seriousAxe(page, 'approve dialog')));
    await dialog.getByTestId('decide-approve-next').click();
    await expect(dialog.getByTestId('decide-approve-confirm-text')).toContainText(`BCEL-${paid}`);
    await dialog.getByTestId('decide-approve-confirm').click();
    await expect(dialog).toBeHidden();
    await expect(card).toHaveCount(0);

    let row = await historyRow(player, paid);
    await expect(row.getByTestId('withdrawal-status')).toHaveAttribute('data-status', 'SUCCESS');
    await expect(row).toContainText(pick(playerCommon, 'order_status.SUCCESS'));

    // reject: with the reason the player will read
    const refused = await requestWithdrawal(player.request, '150');
    const reason = `E2E ${lng}: the account name does not match the player`;
    const second = await queueCard(page, refused);
    // closed without deciding: the focus is back on the button that opened it
    await second.getByTestId('decide-reject').click();
    await pressEscape(dialog);
    await expect(dialog).toBeHidden();
    await expect(second.getByTestId('decide-reject')).toBeFocused();
    await second.getByTestId('decide-reject').click();
    await dialog.getByTestId('decide-reject-input').fill(reason);
    await shot(page, info, 'queue-reject', lng);
    found.push(...(await seriousAxe(page, 'reject dialog')));
    await dialog.getByTestId('decide-reject-next').click();
    await expect(dialog.getByTestId('decide-reject-confirm-text')).toContainText(reason);
    await dialog.getByTestId('decide-reject-confirm').click();
    await expect(dialog).toBeHidden();
    await expect(second).toHaveCount(0);

    row = await historyRow(player, refused);
    await expect(row.getByTestId('withdrawal-status')).toHaveAttribute('data-status', 'REJECTED');
    await expect(row.getByTestId('reject-reason')).toContainText(reason);
    await context.close();
    expect(found).toEqual([]);
  });

  test(`finance changes LAK's rate in the rates screen; the player's deposit preview converts at it (${lng})`, async ({
    page,
    browser,
    request,
  }, info) => {
    test.setTimeout(180_000);
    await sized(page, info);
    await staffLanguage(page, lng);
    const rates = staffText(lng, 'rates');
    const common = staffText(lng, 'common');
    const found: string[] = [];
    await signInStaff(page.request, 'finance');
    const listed = async () =>
      (
        (await (await request.get('/api/v2/currencies')).json()) as { currencies: { code: string; buyRate: string; sellRate: string }[] }
      ).currencies.find((c) => c.code === 'LAK') ?? null;

    // the player, in a browser of their own: a player can deposit only in kip (the deposit form lists the
    // LAK rows with a merchant id; USD has none and is hidden), so the rate changed is LAK's sell rate
    const context = await browser.newContext({ viewport: page.viewportSize()! });
    const player = await context.newPage();
    await registerPlayer(player.request);
    const preview = async () => {
      await player.goto('/player/deposit');
      const form = player.getByTestId('deposit-form');
      await form.getByLabel(pick(lo('deposit'), 'form.amount')).fill('10000000');
      return form.getByTestId('credit-preview');
    };

    // Every other journey deposits at 690 and withdraws at 640 beside this one, with 100,000 and 500,000
    // kip (144.92 and 724.63 THB). 690.005 gives them the same credit to the satang, while 10,000,000 kip
    // buys 14,492.64 THB at it (14,492.75 at 690): the player sees the new rate, the others do not. The
    // journeys that change it (this one at both widths, in both languages) take turns, and put 690 back.
    await locked(join(process.env.E2E_DATA_DIR ?? '.', 'rates.lock'), async () => {
      await page.goto('/backoffice/rates');
      const card = page.locator('[data-testid="currency-card"][data-code="LAK"]');
      const [buy, sell] = [card.getByLabel(rates('rates.buy')), card.getByLabel(rates('rates.sell'))];
      const save = card.getByRole('button', { name: common('actions.save') });
      expect(await listed()).toMatchObject({ buyRate: '640', sellRate: '690' });

      // buy above sell is refused before it is sent, in words
      await sell.fill('600');
      await save.click();
      await expect(card.getByText(rates('rates.validation.rate.buy_above_sell'))).toBeVisible();

      try {
        await buy.fill('640');
        await sell.fill('690.005');
        await save.click();
        // every change is confirmed with what 100,000 kip buys before and after
        await page.getByTestId('rate-confirm-save').click();
        await expect(card.getByText(rates('rates.saved'))).toBeVisible();
        await expect(card.getByTestId('rate-history').locator('li').first()).toContainText('640 / 690.005');
        expect(await listed()).toMatchObject({ buyRate: '640', sellRate: '690.005' });
        await shot(page, info, 'rates', lng);
        found.push(...(await seriousAxe(page, 'rates')));

        // the player's deposit form converts at the new rate, and says it
        const credit = await preview();
        await expect(credit).toContainText(/14[.,]492[.,]64/);
        await expect(credit).toContainText('690.005');
      } finally {
        // back as seeded, whatever happened above
        await page.goto('/backoffice/rates');
        await buy.fill('640');
        await sell.fill('690');
        await save.click();
        await page.getByTestId('rate-confirm-save').click();
        await expect(card.getByText(rates('rates.saved'))).toBeVisible();
      }
      expect(await listed()).toMatchObject({ buyRate: '640', sellRate: '690' });
      await expect(await preview()).toContainText(/14[.,]492[.,]75/);
    });
    await context.close();
    expect(found).toEqual([]);
  });
}
