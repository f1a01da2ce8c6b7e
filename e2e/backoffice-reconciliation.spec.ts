// The back office's bank reconciliation (decisions 138, 139): a payment the bank booked but never
// announced is found by the comparison, finance sees it and asks the bank, and the deposit is
// credited; at 375 and 1280 px, in Lao and English; axe over the screen; screenshots to /work/shots-bo-recon.
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { seriousViolations } from './backoffice-kit';
import { SAME_ORIGIN, expect, test } from './fixtures';
import { SANDBOX, openDeposit, registerPlayer } from './helpers';
import { signInStaff } from './staff';

const SHOTS = process.env.SHOTS_DIR ?? '/work/shots-bo-recon';
const LANGUAGES = ['lo', 'en'] as const;
const BANK = 'ldb';

async function shot(page: Page, info: TestInfo, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
}

/**
 * A deposit paid at the sandbox bank with its notice held back: the bank has it, the server does not
 * know. LDB: the demo's bank on the sandbox's own protocol, whose notice the fault holds back (BCEL's
 * OnePay message arrives by PubNub, decision 136).
 */
async function paidUnannounced(request: APIRequestContext) {
  await registerPlayer(request);
  const { order, payload } = await openDeposit(request, '100000', 'gclub', BANK);
  expect((await request.post(`${SANDBOX}/bank/_faults`, { data: { noCallback: true } })).status()).toBe(200);
  try {
    const paid = await request.post(`${SANDBOX}/sandbox/bank/payments`, { data: { payload, bank: BANK } });
    expect(paid.status(), await paid.text()).toBe(200);
    return { order, bankReference: ((await paid.json()) as { bankReference: string }).bankReference };
  } finally {
    await request.post(`${SANDBOX}/bank/_faults/reset`);
  }
}

for (const lng of LANGUAGES) {
  test(`${lng}: finance finds a payment the bank never announced, asks the bank, and the deposit is credited`, async ({
    page,
    browser,
  }, info) => {
    test.setTimeout(180_000);
    const player = await browser.newContext({ baseURL: info.project.use.baseURL });
    const { order, bankReference } = await paidUnannounced(player.request);
    await page.addInitScript((l) => window.localStorage.setItem('backofficeLng', l), lng);
    await signInStaff(page.request, 'finance');
    const run = await page.request.post('/api/v2/backoffice/reconciliation/run', { headers: SAME_ORIGIN, data: { bank: BANK } });
    expect(run.status(), await run.text()).toBe(202);

    await page.goto('/backoffice/reconciliation');
    await expect(page.getByTestId('reconciliation-page')).toBeVisible();
    const item = page.getByTestId('reconciliation-item').filter({ hasText: bankReference });
    await expect(async () => {
      await page.reload();
      await expect(item).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await expect(item).toHaveAttribute('data-kind', 'NOT_CREDITED');
    await expect(item).toContainText(order.transactionCode);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, info, `reconciliation-${lng}`);

    await item.getByTestId('reconciliation-confirm').click();
    await expect(page.getByTestId('reconciliation-confirm-confirm-text')).toContainText(order.transactionCode);
    await shot(page, info, `reconciliation-confirm-${lng}`);
    await page.getByTestId('reconciliation-confirm-confirm').click();
    await expect(item).toHaveCount(0, { timeout: 30_000 });
    await expect
      .poll(
        async () =>
          ((await (await player.request.get(`/api/v2/deposits/${order.id}`)).json()) as { order: { status: string } }).order.status,
        {
          timeout: 30_000,
        },
      )
      .toBe('SUCCESS');
    await player.close();
  });
}
