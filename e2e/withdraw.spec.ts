import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { SAME_ORIGIN, test, expect } from './fixtures';
import { lo, pick, SANDBOX, registerPlayer } from './helpers';

const withdraw = lo('withdraw');
const common = lo('common');

/** 500,000 kip deposited to gclub through the API and paid at the sandbox bank: 724.63 THB at 690. */
async function depositThroughTheBank(api: APIRequestContext, sandbox: APIRequestContext) {
  const created = await api.post('/api/v2/deposits', {
    headers: SAME_ORIGIN,
    data: { providerId: 'gclub', mid: 'DEMO-LAK-001', bank: 'bcel', amount: '500000' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { order } = (await created.json()) as { order: { id: string } };
  const qr = (await (await api.get(`/api/v2/deposits/${order.id}/qr`)).json()) as { payload: string };
  const paid = await sandbox.post(`${SANDBOX}/sandbox/bank/payments`, { data: { payload: qr.payload, bank: 'bcel' } });
  expect(paid.status(), await paid.text()).toBe(200);
  await expect
    .poll(async () => ((await (await api.get('/api/v2/players/credits/gclub')).json()) as { credit: { amount: string } }).credit.amount, {
      timeout: 20_000,
    })
    .toBe('724.63');
}

test('withdraw part of the credit to the bank account; OPEN in history, SUCCESS once staff approve', async ({ page, request }) => {
  await registerPlayer(page.request);
  const accountNumber = `0101${String(100_000_000 + (randomBytes(4).readUInt32BE() % 900_000_000))}`;
  const bank = await page.request.post('/api/v2/players/bank-accounts', {
    headers: SAME_ORIGIN,
    data: { bank: 'bcel', accountNumber, accountName: 'E2E Withdrawer', currency: 'LAK', owner: true },
  });
  expect(bank.status(), await bank.text()).toBe(201);
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
  const login = await request.post('/api/v2/backoffice/login', { data: { username: 'owner', password: 'e2e-staff-password' } });
  expect(login.status(), await login.text()).toBe(200);
  const queue = (await (await request.get('/api/v2/backoffice/withdrawals?status=OPEN&pageSize=200')).json()) as {
    items: { id: string; transactionCode: string }[];
  };
  const order = queue.items.find((w) => w.transactionCode === code);
  expect(order).toBeDefined();
  const approved = await request.post(`/api/v2/backoffice/withdrawals/${order!.id}/approve`, { data: { bankReference: `BCEL-${code}` } });
  expect(approved.status(), await approved.text()).toBe(200);

  await page.reload();
  await expect(row.getByTestId('withdrawal-status')).toHaveAttribute('data-status', 'SUCCESS');
  await expect(row).toContainText(pick(common, 'order_status.SUCCESS'));
});
