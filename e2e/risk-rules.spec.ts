import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect, PHONE_ONLY, SAME_ORIGIN, testAllowing } from './fixtures';
import { depositThroughTheBank, openDeposit, SANDBOX, staffDecides } from './helpers';
import { PLAYER_LANGUAGES, openAsPlayer, overflowing } from './player-i18n';
import { seriousAxe, sized, staffLanguage, staffText } from './backoffice';
import { staffShot } from './backoffice-kit';
import { join } from 'node:path';
import { locked, ownerApi, signInStaff } from './staff';

/**
 * Risk rules per agency (decisions 161–163), at 375/390 and 1280 px: the player meets
 * the daily withdrawal cap (Lao, Vietnamese) and a large deposit waiting for review; staff meet the
 * review list and the second approval of a large withdrawal (Lao, English). The rules are the
 * agency's: set by the owner for each journey and turned off after it.
 */
// the refusal this journey expects: the withdrawal past the daily cap (422)
const test = testAllowing([/\/api\/v2\/withdrawals$/]);
test.describe.configure({ timeout: 240_000, mode: 'serial' });

const SHOTS = '/work/shots/risk';
const OFF = { withdrawDailyMaxCount: null, withdrawDailyMaxThb: null, depositReviewOverLak: null, withdrawTwoApprovalsOverThb: null };

async function setRules(rules: Partial<Record<keyof typeof OFF, number | string | null>>) {
  const owner = await ownerApi();
  const current = (await (await owner.get('/api/v2/backoffice/agency/settings')).json()) as { settings: object; social: object };
  const res = await owner.put('/api/v2/backoffice/agency/settings', {
    data: { settings: { ...current.settings, ...rules }, social: current.social },
  });
  expect(res.status(), await res.text()).toBe(200);
  await owner.dispose();
}
/**
 * `work` under the agency's rules `rules`, turned off after it; one journey at a time across the
 * workers (the settings lock the other settings journey takes), as the rules are the whole agency's.
 */
const withRules = (rules: Parameters<typeof setRules>[0], work: () => Promise<void>) =>
  locked(join(process.env.E2E_DATA_DIR ?? '.', 'agency-settings.lock'), async () => {
    await setRules(rules);
    try {
      await work();
    } finally {
      await setRules(OFF);
    }
  });
const shot = (page: Page, info: TestInfo, name: string) => staffShot(page, info, SHOTS, name);
const orderCode = async (api: APIRequestContext, path: string) =>
  ((await (await api.get(path)).json()) as { withdrawal: { transactionCode: string } }).withdrawal.transactionCode;

for (const lng of PLAYER_LANGUAGES) {
  test(`the daily withdrawal cap refuses with its number (${lng})`, PHONE_ONLY, async ({ page, request }, info) => {
    await withRules({ withdrawDailyMaxCount: 1 }, async () => {
      const { tr } = await openAsPlayer(page, lng, '/player/deposit', 'deposit-form', { bank: true });
      await depositThroughTheBank(page.request, request);
      // one withdrawal made and paid today
      const made = await page.request.post('/api/v2/withdrawals', { headers: SAME_ORIGIN, data: { providerId: 'gclub', amount: '100' } });
      expect(made.status(), await made.text()).toBe(201);
      const code = ((await made.json()) as { withdrawal: { transactionCode: string } }).withdrawal.transactionCode;
      await staffDecides(request, code, { approve: `RISK-${code}` });
      await page.goto('/player/withdraw');
      const withdraw = page.getByTestId('withdraw-form');
      await expect(withdraw).toBeVisible({ timeout: 30_000 });
      await withdraw.getByLabel(tr('withdraw', 'form.amount')).fill('100');
      await withdraw.getByRole('button', { name: tr('withdraw', 'form.submit') }).click();
      const message = tr('errors', 'WITHDRAWAL_DAILY_COUNT_REACHED', { limit: '1' });
      await expect(withdraw.getByText(message)).toBeVisible();
      expect(await overflowing(page)).toEqual([]);
      await shot(page, info, `player-daily-cap-${lng}`);
      expect(await seriousAxe(page, 'daily cap')).toEqual([]);
    });
  });

  test(`a large deposit waits for review, then arrives once staff approve (${lng})`, PHONE_ONLY, async ({ page, request }, info) => {
    // over what any other journey deposits (at most 900,000 kip): the rule holds this deposit only
    await withRules({ depositReviewOverLak: '20000000' }, async () => {
      const { tr } = await openAsPlayer(page, lng, '/player/deposit', 'deposit-form', { bank: true });
      const { order, payload } = await openDeposit(page.request, '25000000');
      // the page shows the open order's QR, then follows it once it is paid
      await page.goto('/player/deposit');
      await expect(page.getByTestId('deposit-form')).toHaveCount(0, { timeout: 30_000 });
      const paid = await request.post(`${SANDBOX}/sandbox/bank/payments`, { data: { payload, bank: 'bcel' } });
      expect(paid.status()).toBe(200);
      const result = page.getByTestId('deposit-result');
      await expect(result).toHaveAttribute('data-status', 'REVIEW', { timeout: 30_000 });
      await expect(result).toContainText(tr('deposit', 'result.review'));
      await expect(result).toContainText(tr('deposit', 'result.review_help'));
      expect(await overflowing(page)).toEqual([]);
      await shot(page, info, `player-deposit-review-${lng}`);
      expect(await seriousAxe(page, 'deposit in review')).toEqual([]);
      // staff (another browser context) approve it from the review list
      const staffLng = lng === 'lo' ? 'lo' : 'en';
      const staff = await page
        .context()
        .browser()!
        .newContext({ baseURL: new URL(page.url()).origin });
      const desk = await staff.newPage();
      await sized(desk, info);
      await staffLanguage(desk, staffLng);
      await signInStaff(desk.request, 'finance');
      await desk.goto('/backoffice/attention?kind=DEPOSIT_REVIEW');
      const st = staffText(staffLng, 'attention');
      const item = desk.locator(`[data-testid="attention-item"][data-id="${order.id}"]`);
      await expect(item).toBeVisible({ timeout: 30_000 });
      await shot(desk, info, `staff-review-list-${staffLng}-${lng}`);
      expect(await seriousAxe(desk, 'review list')).toEqual([]);
      await item.getByTestId('attention-review-approve').click();
      const dialog = desk.getByRole('dialog');
      await expect(dialog).toContainText(st('review.approve.title').split('{{')[0]!.trim());
      await shot(desk, info, `staff-review-confirm-${staffLng}-${lng}`);
      await dialog.getByTestId('attention-review-approve-confirm').click();
      await expect(item).toHaveCount(0, { timeout: 20_000 });
      await staff.close();
      await expect(result).toHaveAttribute('data-status', 'SUCCESS', { timeout: 30_000 });
    });
  });
}

test('a large withdrawal: the second staff user sees who approved first and completes it', async ({ page, request }, info) => {
  // over what any other journey withdraws (at most a few hundred THB): the rule holds this withdrawal only
  await withRules({ withdrawTwoApprovalsOverThb: '5000' }, async () => {
    await openAsPlayer(page, 'lo', '/player/deposit', 'deposit-form', { bank: true });
    const { payload } = await openDeposit(page.request, '5000000');
    const paid = await request.post(`${SANDBOX}/sandbox/bank/payments`, { data: { payload, bank: 'bcel' } });
    expect(paid.status(), await paid.text()).toBe(200);
    const credit = async () =>
      Number(((await (await page.request.get('/api/v2/players/credits/gclub')).json()) as { credit: { amount: string } }).credit.amount);
    await expect.poll(credit, { timeout: 30_000 }).toBeGreaterThan(6000);
    const made = await page.request.post('/api/v2/withdrawals', { headers: SAME_ORIGIN, data: { providerId: 'gclub', amount: '6000' } });
    expect(made.status(), await made.text()).toBe(201);
    const id = ((await made.json()) as { withdrawal: { id: string } }).withdrawal.id;
    const code = await orderCode(page.request, `/api/v2/withdrawals/${id}`);
    // the first approval by one finance user (through the API)
    await staffDecides(request, code, { approve: `BIG-${code}` });
    for (const staffLng of ['lo', 'en'] as const) {
      const context = await page
        .context()
        .browser()!
        .newContext({ baseURL: new URL(page.url()).origin });
      const desk = await context.newPage();
      await sized(desk, info);
      await staffLanguage(desk, staffLng);
      await signInStaff(desk.request, 'finance');
      await desk.goto('/backoffice/withdrawals');
      const card = desk.locator(`[data-testid="queue-row"][data-code="${code}"]`);
      await expect(card.getByTestId('two-approvals')).toHaveAttribute('data-state', 'second', { timeout: 30_000 });
      await shot(desk, info, `staff-second-approval-${staffLng}`);
      expect(await seriousAxe(desk, 'second approval')).toEqual([]);
      if (staffLng === 'en') {
        await card.getByTestId('decide-approve').click();
        const dialog = desk.getByRole('dialog');
        await dialog.getByTestId('decide-approve-input').fill(`BIG-${code}`);
        await dialog.getByTestId('decide-approve-next').click();
        await dialog.getByTestId('decide-approve-confirm').click();
        await expect(card).toHaveCount(0, { timeout: 20_000 });
      }
      await context.close();
    }
    await expect
      .poll(
        async () =>
          ((await (await page.request.get(`/api/v2/withdrawals/${id}`)).json()) as { withdrawal: { status: string } }).withdrawal.status,
      )
      .toBe('SUCCESS');
  });
});

for (const staffLng of ['lo', 'en'] as const) {
  test(`the owner's risk rules in the settings form, empty = off (${staffLng})`, async ({ page }, info) => {
    await sized(page, info);
    await staffLanguage(page, staffLng);
    await signInStaff(page.request, 'owner');
    await page.goto('/backoffice/settings');
    const card = page.getByTestId('risk-rules');
    await expect(card).toContainText(staffText(staffLng, 'settings')('risk.heading'));
    await expect(card.getByTestId('setting-withdrawDailyMaxCount')).toHaveValue('');
    // a count that is not one is refused next to its field, before anything is sent
    await card.getByTestId('setting-withdrawDailyMaxCount').fill('0');
    await page.getByTestId('agency-save').click();
    await expect(card.getByText(staffText(staffLng, 'fields')('settings.too_small'))).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await shot(page, info, `staff-settings-risk-${staffLng}`);
    expect(await seriousAxe(page, 'risk rules')).toEqual([]);
  });
}
