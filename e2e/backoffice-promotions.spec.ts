import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { seriousViolations, staffShot, staffWidth } from './backoffice-kit';
import { expect, testAllowing } from './fixtures';
import { localeTexts, pick } from './helpers';
import { openAsPlayer } from './player-i18n';
import { signInStaff } from './staff';

// the form's first save is refused on purpose (400), and the player's pages ask for what a new player lacks
const test = testAllowing([/\/api\/v2\//]);
const SHOTS = process.env.SHOTS_DIR ?? '/work/shots-bo-promos';

/** The back office's texts of one namespace in `lng`, with {{values}} filled. */
const staffText = (lng: 'lo' | 'en', ns: string) => {
  const tree = localeTexts(ns, lng, 'backoffice');
  return (path: string, values: Record<string, string> = {}) =>
    pick(tree, path).replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? `{{${k}}}`);
};

/** A real PNG of 240 × 120 (the promotion image's 2:1), a gold-to-red gradient: the browser must draw it. */
function bannerPng(): Buffer {
  const [w, h] = [240, 120];
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      rows.set([250, Math.round(200 - (140 * x) / w), 40 + Math.round((60 * y) / h)], y * (w * 3 + 1) + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

for (const lng of ['lo', 'en'] as const) {
  test(`${lng}: an owner creates a promotion in the screens, a player takes it, staff cancel the usage and deactivate it`, async ({
    page,
    browser,
  }, info) => {
    test.setTimeout(360_000);
    await staffWidth(page, info);
    const s = staffText(lng, 'promotions');
    await page.addInitScript((l) => window.localStorage.setItem('backofficeLng', l), lng);
    // a new owner, past the second factor with a TOTP code computed here (e2e/staff.ts)
    await signInStaff(page.request, 'owner');

    await page.goto('/backoffice/promotions');
    await expect(page.getByTestId('promotions-page')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('promotion-item').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await staffShot(page, info, SHOTS, `list-${lng}`);

    // the form: the contracts' schema refuses a bad code and no provider, each said under its field
    await page.getByTestId('new-promotion').click();
    const form = page.getByTestId('promotion-form');
    await expect(form).toBeVisible();
    await form.getByLabel(s('form.code'), { exact: true }).fill('bad code!');
    await form.getByTestId('save-promotion').click();
    await expect(form.getByText(s('field.code'))).toBeVisible();
    await expect(form.getByText(s('field.providers'))).toBeVisible();
    await expect(form.getByText(s('field.name'))).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await staffShot(page, info, SHOTS, `form-error-${lng}`);

    const code = `E2E${randomBytes(3).toString('hex').toUpperCase()}`;
    const name = `E2E ${lng} ${code}`;
    await form.getByLabel(s('form.code'), { exact: true }).fill(code);
    await form.getByLabel('GClub', { exact: true }).check();
    await form.getByLabel(s('form.name', { language: 'ລາວ' })).fill(name);
    await form.getByLabel(s('form.summary', { language: 'ລາວ' })).fill('ໂບນັດ 50 ບາດ ສຳລັບການຝາກ');
    await form.getByLabel(s('form.bonus_kind'), { exact: true }).selectOption('FIXED');
    await form.getByLabel(s('form.bonus_amount'), { exact: true }).fill('50');
    await form.getByLabel(s('form.turnover_multiple'), { exact: true }).fill('2');
    await form.getByTestId('save-promotion').click();

    // saved: the page of the new promotion, with the player's own card and rules in the preview
    await expect(page.getByRole('heading', { level: 1, name: code })).toBeVisible({ timeout: 15_000 });
    // its image, uploaded here (PUT …/image): the preview and the player's card show it
    await page.getByTestId('promotion-image-input').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: bannerPng() });
    await expect(page.getByTestId('promotion-image-file')).toHaveText('banner.png');
    await page.getByTestId('upload-image').click();
    await expect(page.getByTestId('promotion-image')).toBeVisible();
    const preview = page.getByTestId('promotion-preview');
    await expect(preview.getByTestId('preview-card')).toContainText(name);
    await expect(preview.getByTestId('preview-card').locator('img')).toHaveAttribute('src', /\/image\/[0-9a-f]{32}$/);
    await expect(preview.getByTestId('promotion-rules')).toBeVisible();
    await expect(preview.locator('[data-rule="bonus_FIXED"]')).toContainText('50');
    await preview.getByTestId('preview-language-th').click();
    await expect(preview.locator('div[lang="th-TH"]')).toBeVisible();
    await preview.getByTestId('preview-language-lo').click();
    expect(await seriousViolations(page)).toEqual([]);
    await staffShot(page, info, SHOTS, `preview-${lng}`);
    // the preview alone too: on a phone the whole page is four screens long
    await preview.screenshot({ path: `${SHOTS}/preview-only-${lng}-${info.project.name === 'mobile' ? 390 : 1280}.png` });
    const promotionUrl = page.url();

    // the player site: the new promotion is in the list; the player takes it
    const context = await browser.newContext({ viewport: page.viewportSize()! });
    const player = await context.newPage();
    const { tr } = await openAsPlayer(player, 'lo', '/player/promotion', 'promotion-list', { bank: true });
    await player.locator(`[data-testid="promotion-card"][data-code="${code}"]`).click();
    const detail = player.getByTestId('promotion-detail');
    await expect(detail).toHaveAttribute('data-code', code);
    await expect(detail).toContainText(name);
    await expect(detail.locator('img')).toHaveAttribute('src', /\/api\/v2\/promotions\/.+\/image\/[0-9a-f]{32}$/);
    await player.getByTestId('take-promotion').click();
    await expect(player.getByText(tr('promotion', 'messages.received'), { exact: true })).toBeVisible();
    await expect(player.getByTestId('promotion-in-use')).toHaveAttribute('data-status', 'ACTIVE');

    // staff remove the image (DELETE …/image), confirmed first: the player's promotion then shows without one
    await page.goto(promotionUrl);
    const imageCard = page.getByTestId('promotion-image-card');
    await imageCard.getByTestId('remove-image').click();
    const removeDialog = page.getByRole('dialog');
    await expect(removeDialog.getByTestId('remove-image-confirm-text')).toHaveText(s('image.remove_explain'));
    expect(await seriousViolations(page)).toEqual([]);
    await staffShot(page, info, SHOTS, `image-remove-${lng}`);
    await removeDialog.getByTestId('remove-image-confirm').click();
    await expect(removeDialog).toBeHidden();
    await expect(imageCard.getByTestId('promotion-image')).toHaveCount(0);
    await expect(imageCard.getByText(s('image.none'))).toBeVisible();
    await expect(imageCard.getByTestId('remove-image')).toHaveCount(0);
    // the button that opened it is gone with the image: the focus goes to the file button
    await expect(imageCard.getByTestId('promotion-image-input')).toBeFocused();
    await expect(preview.getByTestId('preview-card').locator('img')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await staffShot(page, info, SHOTS, `image-card-${lng}`);
    await player.reload();
    await expect(detail).toHaveAttribute('data-code', code);
    await expect(detail.locator('img')).toHaveCount(0);
    await context.close();

    // staff see the usage and cancel it (confirmed first)
    await page.goto(`${promotionUrl}/usages`);
    const usage = page.getByTestId('usage-item').first();
    await expect(usage).toHaveAttribute('data-status', 'ACTIVE', { timeout: 15_000 });
    // one usage: the whole list on the first page, no "Show more" (keyset paging, decision 058)
    await expect(page.getByText(s('usages.newest_first'), { exact: true })).toBeVisible();
    await expect(page.getByTestId('usages-more')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await staffShot(page, info, SHOTS, `usages-${lng}`);
    await usage.getByTestId('cancel-usage').click();
    await page.getByTestId('cancel-usage-confirm').click();
    await expect(usage).toHaveAttribute('data-status', 'CANCELED');

    // deactivate from the list: confirmed, then shown as deactivated
    await page.goto('/backoffice/promotions');
    const item = page.locator(`[data-testid="promotion-item"][data-code="${code}"]`);
    await expect(item.getByTestId('figure-taken')).toHaveText('1');
    await item.getByTestId('deactivate-promotion').click();
    await page.getByTestId('deactivate-promotion-confirm').click();
    await expect(item).toHaveAttribute('data-state', 'inactive');
  });
}
