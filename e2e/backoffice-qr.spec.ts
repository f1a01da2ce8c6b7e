// The back office's "Inspect a QR" (decision 134): support pastes a player's deposit QR and sees what
// it says, this agency's order it names and the bank's word on it, at 390 and 1280 px in Lao and English.
import type { Page, TestInfo } from '@playwright/test';
import { seriousViolations, staffShot, staffWidth } from './backoffice-kit';
import { SAME_ORIGIN, expect, test } from './fixtures';
import { registerPlayer } from './helpers';
import { signInStaff } from './staff';

const SHOTS = process.env.SHOTS_DIR ?? '/work/shots-bo-qr';
const LANGUAGES = ['lo', 'en'] as const;

async function openDeposit(page: Page): Promise<{ payload: string; code: string }> {
  await registerPlayer(page.request);
  const created = await page.request.post('/api/v2/deposits', {
    headers: SAME_ORIGIN,
    data: { providerId: 'gclub', mid: 'DEMO-LAK-001', bank: 'bcel', amount: '100000' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { order } = (await created.json()) as { order: { id: string; transactionCode: string } };
  const qr = (await (await page.request.get(`/api/v2/deposits/${order.id}/qr`)).json()) as { payload: string };
  return { payload: qr.payload, code: order.transactionCode };
}

for (const lng of LANGUAGES) {
  test(`${lng}: support reads a deposit's QR: the order and the bank's status`, async ({ page }, info: TestInfo) => {
    await staffWidth(page, info);
    const { payload, code } = await openDeposit(page);
    await page.addInitScript((l) => window.localStorage.setItem('backofficeLng', l), lng);
    await signInStaff(page.request, 'support');
    await page.goto('/backoffice/qr');
    await page.getByTestId('qr-payload-input').fill(payload);
    await page.getByTestId('qr-read').click();
    await expect(page.getByTestId('qr-order')).toContainText(code);
    // the bank was asked: the order is unpaid (its status badge, not the "not asked" line)
    await expect(page.getByTestId('qr-bank').locator('dl')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await staffShot(page, info, SHOTS, `qr-inspect-${lng}`);
  });
}
