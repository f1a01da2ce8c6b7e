import { mkdirSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { expect, PHONE_ONLY, testAllowing } from './fixtures';
import { seriousAxe, shot as staffShot, sized, staffLanguage, staffText } from './backoffice';
import { PLAYER_LANGUAGES, openAsPlayer, overflowing } from './player-i18n';
import { ownerApi, signInStaff } from './staff';

/**
 * A game provider switched off for maintenance (docs/decisions/175): staff switch it off and
 * back on on the rates screen (Lao and English); the player (Lao and Vietnamese) meets it where a provider
 * is chosen: marked in the deposit form's choice, the form held, its game page saying so instead of games.
 * GClub Live is the provider switched: no other journey deposits to it; each test switches it back on.
 */
// the refusal this journey provokes: a launch at the provider in maintenance (503)
const test = testAllowing([/\/api\/v2\/games\/[a-z_]+\/launch$/]);
const PROVIDER = 'gclub_live';
const MAINTENANCE = `/api/v2/backoffice/providers/${PROVIDER}/maintenance`;

const SHOTS = 'e2e/artifacts/provider-maintenance';
mkdirSync(SHOTS, { recursive: true });
// an open select closes when the page is resized for a full-page shot: that one is of the viewport
const playerShot = (page: Page, info: TestInfo, name: string, fullPage = true) =>
  page.screenshot({ path: `${SHOTS}/${name}-${info.project.name === 'mobile' ? 375 : 1280}.png`, fullPage });

async function switchBackOn() {
  const owner = await ownerApi();
  await owner.delete(MAINTENANCE);
  await owner.dispose();
}

for (const lng of ['lo', 'en'] as const) {
  test(`${lng}: finance switch a provider off for maintenance until a time, audited, and back on`, async ({ page }, info) => {
    await sized(page, info);
    const rates = staffText(lng, 'rates');
    await staffLanguage(page, lng);
    await signInStaff(page.request, 'finance');
    try {
      await page.goto('/backoffice/rates');
      const row = page.locator(`[data-testid="maintenance-row"][data-provider="${PROVIDER}"]`);
      await expect(row.getByTestId('maintenance-state')).toHaveText(rates('maintenance.open'));
      await row.getByLabel(`${rates('maintenance.until')} GClub Live`).fill('2099-01-02T08:30');
      await row.getByRole('button', { name: rates('maintenance.switch_off') }).click();
      await expect(row.getByTestId('maintenance-state')).toContainText(rates('maintenance.off_until').split('{{')[0]!.trim());
      await expect(row.getByTestId('maintenance-state')).toContainText('2099');
      expect(await seriousAxe(page, 'maintenance')).toEqual([]);
      await page.getByTestId('provider-maintenance').scrollIntoViewIfNeeded();
      await staffShot(page, info, 'provider-maintenance', lng);

      await row.getByRole('button', { name: rates('maintenance.switch_on') }).click();
      await expect(row.getByTestId('maintenance-state')).toHaveText(rates('maintenance.open'));
      // the audit log (the owner's) has both switches
      const owner = await ownerApi();
      for (const action of ['agency.provider_maintenance', 'agency.provider_maintenance_end']) {
        const audit = await owner.get(`/api/v2/backoffice/audit?action=${action}`);
        expect(audit.status()).toBe(200);
        expect(JSON.stringify(await audit.json())).toContain(PROVIDER);
      }
      await owner.dispose();
    } finally {
      await switchBackOn();
    }
  });
}

for (const lng of PLAYER_LANGUAGES) {
  test(`${lng}: a provider in maintenance is said where the player chooses it`, PHONE_ONLY, async ({ page }, info) => {
    const owner = await ownerApi();
    expect((await owner.put(MAINTENANCE, { data: { until: null } })).status()).toBe(200);
    await owner.dispose();
    try {
      const { tr, form } = await openAsPlayer(page, lng, `/player/deposit?provider=${PROVIDER}`, 'deposit-form');
      const notice = `GClub Live · ${tr('errors', 'PROVIDER_MAINTENANCE')}`;
      await expect(form.getByTestId('provider-maintenance')).toHaveText(notice);
      await expect(form.getByRole('button', { name: tr('deposit', 'form.submit') })).toBeDisabled();
      expect(await overflowing(page)).toEqual([]);
      await playerShot(page, info, `deposit-${lng}`);
      // the choice marks it and keeps it from being chosen; the others are open
      await form.getByLabel(tr('deposit', 'form.provider')).click();
      const marked = page.getByRole('option', { name: `GClub Live · ${tr('errors', 'PROVIDER_MAINTENANCE')}` });
      await expect(marked).toHaveAttribute('aria-disabled', 'true');
      await playerShot(page, info, `choice-${lng}`, false);
      await page.getByRole('option', { name: 'GClub', exact: true }).click();
      await expect(form.getByTestId('provider-maintenance')).toHaveCount(0);
      await expect(form.getByRole('button', { name: tr('deposit', 'form.submit') })).toBeEnabled();

      await page.goto(`/player/game/${PROVIDER}`);
      await expect(page.getByTestId('provider-maintenance')).toHaveText(notice);
      await expect(page.getByTestId('game-tile')).toHaveCount(0);
      expect(await overflowing(page)).toEqual([]);
      await playerShot(page, info, `game-${lng}`);
    } finally {
      await switchBackOn();
    }
  });
}
