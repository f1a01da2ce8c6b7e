import { mkdirSync, readFileSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { expect, PHONE_ONLY, test } from './fixtures';
import { seriousViolations } from './backoffice-kit';
import { depositThroughTheBank, pick, registerPlayer } from './helpers';
import { PLAYER_LANGUAGES, overflowing, texts, useLanguage } from './player-i18n';

/**
 * Credit moved between providers (docs/decisions/176): from the player's home, in Lao and
 * Vietnamese at 375 and 1280 px, 200 THB from GClub to Alphabet through the move dialog; both credits
 * change, and the dialog and the page keep no serious or critical axe violation.
 */
const SHOTS = 'e2e/artifacts/credit-move';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, info: TestInfo, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}-${info.project.name === 'mobile' ? 375 : 1280}.png` });

/** The dialog's texts, kept beside it (apps/web/src/features/wallet/move-texts). */
function moveTexts(lng: string) {
  const tree = JSON.parse(
    readFileSync(new URL(`../apps/web/src/features/wallet/move-texts/${lng}.json`, import.meta.url), 'utf8'),
  ) as Record<string, unknown>;
  return (path: string, values: Record<string, string> = {}) =>
    pick(tree, path).replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? `{{${k}}}`);
}

for (const lng of PLAYER_LANGUAGES) {
  test(`${lng}: move credit from GClub to Alphabet`, PHONE_ONLY, async ({ page, request }, info) => {
    const tr = texts(lng);
    const move = moveTexts(lng);
    await useLanguage(page, lng);
    await registerPlayer(page.request);
    await depositThroughTheBank(page.request, request);

    await page.goto('/player');
    await expect(page.getByTestId('credit-gclub')).toContainText(/724[.,]63/);
    await page.getByTestId('move-credit').click();
    await expect(page.getByTestId('move-credit')).toHaveText(tr('wallet', 'home.move'));
    const form = page.getByTestId('move-credit-form');
    await expect(form).toBeVisible();
    await form.getByLabel(move('from')).click();
    await page.getByRole('option', { name: 'GClub', exact: true }).click();
    await form.getByLabel(move('to')).click();
    await page.getByRole('option', { name: 'Alphabet', exact: true }).click();
    await expect(form.getByTestId('move-available')).toContainText(/724[.,]63/);

    // more than there is: said at the field with the credit there, nothing sent
    await form.getByLabel(move('amount')).fill('800');
    await form.getByRole('button', { name: move('submit') }).click();
    await expect(form).toContainText(move('validation.over_credit', { amount: '' }).split(':')[0]!.trim());

    await form.getByLabel(move('amount')).fill('200');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await overflowing(page)).toEqual([]);
    await shot(page, info, `form-${lng}`);
    await form.getByRole('button', { name: move('submit') }).click();

    const result = page.getByTestId('move-result');
    await expect(result).toHaveAttribute('data-status', 'DONE', { timeout: 20_000 });
    await expect(result.getByRole('status')).toContainText('GClub');
    await expect(result.getByRole('status')).toContainText('Alphabet');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, info, `done-${lng}`);

    await result.getByRole('button', { name: move('close') }).click();
    await expect(page.getByTestId('credit-gclub')).toContainText(/524[.,]63/);
    await expect(page.getByTestId('credit-alphabet')).toContainText(/200[.,]00/);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, info, `home-${lng}`);
  });
}
