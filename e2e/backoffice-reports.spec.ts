// The back office's reports (decision 182) at 390 and 1280 px, in Lao and English: finance opens
// them from the menu, this month by default; the provider report (a table on a desk, cards on a phone)
// and the player report find a player who just deposited 500,000 kip, by username, with the figures the
// server counted, and link to the player's page; each CSV is saved with its Vientiane header; a range
// over 366 days is said under its field and nothing is asked. axe over each state: no serious or critical
// violation. Screenshots to SHOTS.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { seriousAxe, shot, sized, staffLanguage, staffText } from './backoffice';
import { expect, test } from './fixtures';
import { depositThroughTheBank, registerPlayer } from './helpers';
import { signInStaff } from './staff';

async function openReports(page: Page, phone: boolean) {
  if (!page.url().endsWith('/backoffice/')) await page.goto('/backoffice/');
  if (phone) await page.getByTestId('staff-menu').click();
  await page.getByTestId('nav-reports').filter({ visible: true }).click();
  await expect(page.getByTestId('reports-page')).toBeVisible();
}

for (const lng of ['lo', 'en'] as const) {
  test(`${lng}: finance reads the reports per provider and per player, saves their CSV; a range too long is refused`, async ({
    page,
    request,
  }, info) => {
    test.setTimeout(180_000);
    await sized(page, info);
    await staffLanguage(page, lng);
    const reports = staffText(lng, 'reports');
    const fields = staffText(lng, 'fields');
    const found: string[] = [];
    const phone = page.viewportSize()!.width < 640;
    const player = await registerPlayer(request);
    await depositThroughTheBank(request, request);
    await signInStaff(page.request, 'finance');

    // the dashboard's net is the reports' one: after the bonus, whose kip it shows under the bonus
    await page.goto('/backoffice/');
    await expect(page.getByTestId('figure-net')).toContainText(staffText(lng, 'money')('dashboard.net'));
    await expect(page.getByTestId('figure-bonus')).toContainText('LAK');
    found.push(...(await seriousAxe(page, 'dashboard')));
    await shot(page, info, 'dashboard', lng);

    await openReports(page, phone);
    // this month so far, by default
    const [from, to] = [await page.getByTestId('report-from').inputValue(), await page.getByTestId('report-to').inputValue()];
    expect(from).toBe(`${to.slice(0, 8)}01`);
    await expect(page.getByText(reports('net_rule'))).toBeVisible();
    // per provider: a table from 640 px up, a card each on a phone; GClub took the deposit
    if (phone) {
      await expect(page.getByTestId('report-provider-cards')).toBeVisible();
      await expect(page.getByTestId('report-provider-card').filter({ hasText: 'GClub' }).first()).toBeVisible();
      await expect(page.getByTestId('report-provider-total-card')).toBeVisible();
    } else {
      await expect(page.locator('[data-testid="report-provider-row"][data-provider="gclub"]')).toBeVisible();
      await expect(page.getByTestId('report-provider-total')).toContainText(reports('total'));
    }
    // nothing scrolls sideways on a phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

    // per player: the one who deposited, found by username; 500,000 kip in, nothing out, no bonus
    await page.getByLabel(reports('players.query')).fill(player.username.slice(0, 9).toUpperCase());
    await page.getByTestId('report-players-search').getByRole('button').click();
    const row = page.locator(`[data-testid="report-player-row"][data-username="${player.username}"]`);
    await expect(row).toBeVisible();
    await expect(row).toContainText('500,000');
    if (!phone) await expect(row).toContainText('500,000 (1)');
    found.push(...(await seriousAxe(page, 'reports')));
    await shot(page, info, 'reports', lng);

    // the CSVs: their header says the days are Vientiane's; the player's line is the screen's
    const [providersCsv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-providers-csv').click()]);
    expect(providersCsv.suggestedFilename()).toBe(`report-providers-${from}-${to}.csv`);
    const providerLines = readFileSync((await providersCsv.path())!, 'utf8').split('\r\n');
    expect(providerLines[0]).toBe(
      '\uFEFFfrom (Vientiane UTC+07:00),to (Vientiane UTC+07:00),provider,deposits,deposits_lak,deposits_credit_thb,withdrawals,' +
        'withdrawals_credit_thb,withdrawals_lak,bonus_thb,bonus_lak,net_lak',
    );
    expect(providerLines.some((l) => l.startsWith(`${from},${to},gclub,`))).toBe(true);
    const [playersCsv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-players-csv').click()]);
    const playerLines = readFileSync((await playersCsv.path())!, 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(playerLines.slice(1)).toEqual([`${from},${to},${player.username},${player.username},1,500000,724.63,0,0.00,0,0.00,0,500000`]);

    // the player's name leads to the player's page
    await row.getByRole('link', { name: player.username }).click();
    await expect(page).toHaveURL(/\/backoffice\/players\/[0-9a-f-]{36}$/);

    // a range over 366 days: said under its field as it is typed; no report is asked for
    await openReports(page, phone);
    await page.getByTestId('report-from').fill('2024-01-01');
    await expect(page.getByText(fields('backoffice.validation.report_range'))).toBeVisible();
    await expect(page.getByTestId('report-providers')).toHaveCount(0);
    await expect(page.getByTestId('report-players')).toHaveCount(0);
    found.push(...(await seriousAxe(page, 'reports range refused')));
    await shot(page, info, 'reports-range', lng);
    expect(found).toEqual([]);
  });
}
