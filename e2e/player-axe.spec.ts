// axe-core over every page of the player site: logged out and logged in, at 375 and
// 1280 px (the two projects), in Lao and Vietnamese: no serious or critical violation.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { SAME_ORIGIN, expect, test } from './fixtures';
import { registerPlayer } from './helpers';
import { PLAYER_LANGUAGES, addBankAccount, useLanguage } from './player-i18n';

const PUBLIC_PAGES = ['/', '/login', '/register'];
const PLAYER_PAGES = [
  '/player',
  '/player/deposit',
  '/player/deposit/history',
  '/player/withdraw',
  '/player/withdraw/history',
  '/player/bank',
  '/player/promotion',
  '/player/promotion/history',
  '/player/game/alphabet',
  '/player/game/askmebet',
  '/player/game/gclub',
  '/player/game/gclub_live',
  '/player/game/betflix',
];

/** The page at `path` once its main heading shows, and axe's serious or critical findings on it. */
async function seriousViolations(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  await page.evaluate(() => document.fonts.ready);
  const axe = await new AxeBuilder({ page }).analyze();
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const lng of PLAYER_LANGUAGES) {
  test(`axe: every public page, logged out (${lng})`, async ({ page }) => {
    await useLanguage(page, lng);
    const found: string[] = [];
    for (const path of PUBLIC_PAGES) found.push(...(await seriousViolations(page, path)));
    expect(found).toEqual([]);
  });

  test(`axe: every player page, logged in (${lng})`, async ({ page }) => {
    test.setTimeout(180_000);
    await useLanguage(page, lng);
    await registerPlayer(page.request);
    await addBankAccount(page.request);
    const promotions = await page.request.get('/api/v2/promotions', { headers: SAME_ORIGIN });
    const first = ((await promotions.json()) as { promotions: { id: string }[] }).promotions[0];
    expect(first, 'the demo agency has promotions').toBeDefined();
    const found: string[] = [];
    for (const path of [...PLAYER_PAGES, `/player/promotion/${first!.id}`]) found.push(...(await seriousViolations(page, path)));
    expect(found).toEqual([]);
  });
}
