// The provider half of the reconciliation (decision 142): a deposit's transfer the provider lost and a
// credit we never sent are found by the comparison; finance sees both on the reconciliation screen,
// with the player, the provider and the amounts, and closes one with a note. At 375 and 1280 px, in
// Lao and English; axe over the screen; screenshots to SHOTS_DIR.
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { signedHeaders } from '../apps/server/src/http-signing';
import { seriousViolations } from './backoffice-kit';
import { SAME_ORIGIN, expect, test } from './fixtures';
import { SANDBOX, depositThroughTheBank, registerPlayer } from './helpers';
import { signInStaff } from './staff';

const SHOTS = process.env.SHOTS_DIR ?? '/work/shots-bo-provider-recon';
const LANGUAGES = ['lo', 'en'] as const;
const SECRET = 'sandbox-provider-secret-change-me';

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
}

/** A call to the sandbox provider, signed as the server signs its calls. */
async function signed(api: APIRequestContext, method: 'GET' | 'POST', path: string, body?: object) {
  const text = body === undefined ? '' : JSON.stringify(body);
  const headers = { ...signedHeaders(SECRET, method, path, text), ...(body ? { 'content-type': 'application/json' } : {}) };
  const res =
    method === 'GET' || body === undefined
      ? await api.fetch(`${SANDBOX}${path}`, { method, headers })
      : await api.post(`${SANDBOX}${path}`, { headers, data: text });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

/** A player credited at gclub through a deposit, whose transfer the provider then loses; and a credit it got from elsewhere. */
async function differencesAtTheProvider(request: APIRequestContext) {
  const { username } = await registerPlayer(request);
  await depositThroughTheBank(request, request);
  const info = (await (await request.get('/api/v2/players/info')).json()) as { player: { id: string } };
  const playerId = info.player.id;
  const { transfers } = (await signed(request, 'GET', `/providers/gclub/_admin/players/${playerId}/transfers`)) as {
    transfers: { reference: string }[];
  };
  const lost = transfers[0]!.reference;
  await signed(request, 'POST', `/providers/gclub/_admin/transfers/${encodeURIComponent(lost)}/reverse`);
  const foreign = `AGENT-${Date.now()}`;
  await signed(request, 'POST', '/providers/gclub/transfers', {
    playerId,
    agencyId: 'elsewhere',
    username,
    reference: foreign,
    direction: 'IN',
    amount: '150.00',
  });
  return { username, lost, foreign };
}

for (const lng of LANGUAGES) {
  test(`${lng}: finance finds a transfer the provider lost and a credit we never sent, and closes one with a note`, async ({
    page,
    browser,
  }, info: TestInfo) => {
    test.setTimeout(180_000);
    const player = await browser.newContext({ baseURL: info.project.use.baseURL });
    const { username, lost, foreign } = await differencesAtTheProvider(player.request);
    await page.addInitScript((l) => window.localStorage.setItem('backofficeLng', l), lng);
    await signInStaff(page.request, 'finance');
    const run = await page.request.post('/api/v2/backoffice/reconciliation/run', { headers: SAME_ORIGIN, data: { provider: 'gclub' } });
    expect(run.status(), await run.text()).toBe(202);

    await page.goto('/backoffice/reconciliation');
    await expect(page.getByTestId('reconciliation-page')).toBeVisible();
    const missing = page.getByTestId('reconciliation-item').filter({ hasText: lost });
    const gifted = page.getByTestId('reconciliation-item').filter({ hasText: foreign });
    await expect(async () => {
      await page.reload();
      await expect(missing).toBeVisible({ timeout: 2_000 });
      await expect(gifted).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await expect(missing).toHaveAttribute('data-kind', 'NOT_AT_PROVIDER');
    await expect(missing).toContainText(username);
    await expect(missing).toContainText('GClub');
    await expect(missing).toContainText('724.63');
    await expect(gifted).toHaveAttribute('data-kind', 'NOT_IN_LEDGER');
    await expect(gifted).toContainText('150.00');
    expect(await seriousViolations(page)).toEqual([]);
    await gifted.scrollIntoViewIfNeeded();
    await shot(page, `provider-reconciliation-${lng}`);

    await gifted.getByTestId('reconciliation-resolve').click();
    await page.getByTestId('reconciliation-resolve-input').fill('Agent back office: a manual credit by the provider, taken back');
    await page.getByTestId('reconciliation-resolve-next').click();
    await page.getByTestId('reconciliation-resolve-confirm').click();
    await expect(gifted).toHaveCount(0, { timeout: 30_000 });
    await player.close();
  });
}

// AMB keeps no transfer history (decision 146): its players are compared by balance, and a credit that
// reached AMB outside our ledger shows as the balance there against the one the ledger and AMB's win/lose give.
for (const lng of LANGUAGES) {
  test(`${lng}: finance finds a player's balance at askmebet (AMB) that the ledger does not explain`, async ({
    page,
    browser,
  }, info: TestInfo) => {
    test.setTimeout(180_000);
    const player = await browser.newContext({ baseURL: info.project.use.baseURL });
    const { username } = await registerPlayer(player.request);
    await depositThroughTheBank(player.request, player.request, 'askmebet');
    const playerId = ((await (await player.request.get('/api/v2/players/info')).json()) as { player: { id: string } }).player.id;
    await signed(player.request, 'POST', '/providers/askmebet/transfers', {
      playerId,
      agencyId: 'elsewhere',
      username,
      reference: `AGENT-${Date.now()}`,
      direction: 'IN',
      amount: '150.00',
    });
    await page.addInitScript((l) => window.localStorage.setItem('backofficeLng', l), lng);
    await signInStaff(page.request, 'finance');
    const run = await page.request.post('/api/v2/backoffice/reconciliation/run', { headers: SAME_ORIGIN, data: { provider: 'askmebet' } });
    expect(run.status(), await run.text()).toBe(202);

    await page.goto('/backoffice/reconciliation');
    const item = page.getByTestId('reconciliation-item').filter({ hasText: username });
    await expect(async () => {
      await page.reload();
      await expect(item).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await expect(item).toHaveAttribute('data-kind', 'BALANCE_DIFFERS');
    await expect(item).toContainText('874.63');
    await expect(item).toContainText('724.63');
    expect(await seriousViolations(page)).toEqual([]);
    await item.scrollIntoViewIfNeeded();
    await shot(page, `amb-balance-reconciliation-${lng}`);
    await player.close();
  });
}
