import { mkdirSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { expect, PHONE_ONLY, test } from './fixtures';
import { seriousAxe, sized, shot as staffShot, staffLanguage, staffText } from './backoffice';
import { depositThroughTheBank } from './helpers';
import { PLAYER_LANGUAGES, openAsPlayer, overflowing } from './player-i18n';
import { ownerApi, signInStaff } from './staff';

/**
 * Announcements (decision 174) and the hourly play reminder (decision 113): the
 * banner during its window and not after, closed for the session; the reminder after an hour of play,
 * on the browser's clock moved by Playwright. Lao and Vietnamese, at 375 and 1280 px.
 */
const SHOTS = '/work/shots/announce';
mkdirSync(SHOTS, { recursive: true });
const playerShot = (page: Page, info: TestInfo, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}-${info.project.name === 'mobile' ? 375 : 1280}.png`, fullPage: false });
const MINUTE = 60_000;
const LONG_LAO = 'ລະບົບຈະປິດປັບປຸງຄືນນີ້ເວລາ 23:00 ຫາ 01:00 ໂມງ ກະລຸນາຖອນເງິນກ່ອນເວລາດັ່ງກ່າວ ຂໍອະໄພໃນຄວາມບໍ່ສະດວກ';
const DEPENDENT = /^[\u0EB0-\u0EBC\u0EC8-\u0ECD]/;

for (const lng of PLAYER_LANGUAGES) {
  test(
    `${lng}: the announcement is shown during its window, closes for the session, and goes at its end`,
    PHONE_ONLY,
    async ({ page }, info) => {
      const mark = `${lng}-${info.project.name}-${Date.now()}`;
      const texts = {
        lo: `${LONG_LAO} ${mark}`,
        cn: `系统今晚维护 ${mark}`,
        vn: `Hệ thống bảo trì tối nay từ 23:00 đến 01:00 ${mark}`,
        th: `ปิดปรับปรุงคืนนี้ ${mark}`,
      };
      const owner = await ownerApi();
      const start = Date.now() - MINUTE;
      const created = await owner.post('/api/v2/backoffice/announcements', {
        data: { texts, startsAt: new Date(start).toISOString(), endsAt: new Date(start + 10 * MINUTE).toISOString() },
      });
      expect(created.status(), await created.text()).toBe(201);
      const { id } = (await created.json()) as { id: string };
      try {
        await page.clock.install({ time: new Date() });
        await openAsPlayer(page, lng, '/player', 'announcements');
        const banner = page.getByTestId('announcement').filter({ hasText: mark });
        await expect(banner).toHaveText(texts[lng]);
        expect(await overflowing(page)).toEqual([]);
        if (lng === 'lo') {
          const lines = await banner.locator('p').evaluate((p) => {
            const text = p.firstChild as Text;
            const range = document.createRange();
            const out: string[] = [];
            let top: number | null = null;
            for (let i = 0; i < text.length; i++) {
              range.setStart(text, i);
              range.setEnd(text, i + 1);
              const y = Math.round(range.getClientRects()[0]?.top ?? top ?? 0);
              if (out.length === 0 || (top !== null && y > top + 2)) out.push('');
              out[out.length - 1] += text.data[i];
              top = y;
            }
            return out;
          });
          for (const line of lines) expect(line, JSON.stringify(lines)).not.toMatch(DEPENDENT);
        }
        await playerShot(page, info, `banner-${lng}`);
        expect(await seriousAxe(page, 'banner')).toEqual([]);
        // closed: gone on this page and the next, for the session
        await banner.getByTestId('announcement-close').click();
        await expect(banner).toHaveCount(0);
        await page.goto('/player/deposit');
        await page.getByTestId('deposit-form').waitFor();
        await page.clock.runFor(3000);
        await expect(page.getByTestId('announcement').filter({ hasText: mark })).toHaveCount(0);
      } finally {
        await owner.delete(`/api/v2/backoffice/announcements/${id}`);
        await owner.dispose();
      }
    },
  );

  test(`${lng}: the banner goes at its end without a reload`, PHONE_ONLY, async ({ page }) => {
    const mark = `end-${lng}-${Date.now()}`;
    const owner = await ownerApi();
    const now = Date.now();
    const texts = { lo: `ປະກາດ ${mark}`, cn: `公告 ${mark}`, vn: `Thông báo ${mark}`, th: `ประกาศ ${mark}` };
    const created = await owner.post('/api/v2/backoffice/announcements', {
      data: { texts, startsAt: new Date(now - MINUTE).toISOString(), endsAt: new Date(now + 5 * MINUTE).toISOString() },
    });
    const { id } = (await created.json()) as { id: string };
    try {
      await page.clock.install({ time: new Date(now) });
      await openAsPlayer(page, lng, '/player', 'announcements');
      await expect(page.getByTestId('announcement').filter({ hasText: mark })).toBeVisible();
      await page.clock.fastForward(6 * MINUTE);
      await expect(page.getByTestId('announcement').filter({ hasText: mark })).toHaveCount(0);
    } finally {
      await owner.delete(`/api/v2/backoffice/announcements/${id}`);
      await owner.dispose();
    }
  });

  test(`${lng}: after an hour of play a game page reminds the time played and today's net`, PHONE_ONLY, async ({ page, request }, info) => {
    const { tr } = await openAsPlayer(page, lng, '/player/deposit', 'deposit-form');
    await depositThroughTheBank(page.request, request);
    const gameId = ((await (await page.request.get('/api/v2/games/gclub')).json()) as { games: { id: string }[] }).games[0]!.id;
    const origin = new URL(page.url()).origin;
    const launched = await page.request.post('/api/v2/games/gclub/launch', { data: { gameId }, headers: { origin } });
    expect(launched.status(), await launched.text()).toBe(200);
    await page.clock.install({ time: new Date() });
    // the reminder (loaded lazily) has its figures before the clock jumps: it then waits for the hour
    const figures = page.waitForResponse((res) => res.url().endsWith('/api/v2/players/play-today') && res.ok());
    await page.goto('/player/game/gclub');
    await expect(page.getByTestId('game-tile').first()).toBeVisible({ timeout: 30_000 });
    await figures;
    await page.clock.runFor(5000);
    await expect(page.getByTestId('play-reminder')).toHaveCount(0);
    await page.clock.fastForward('01:00:30');
    const reminder = page.getByRole('dialog');
    await expect(reminder).toBeVisible({ timeout: 15_000 });
    await expect(reminder).toContainText(tr('wallet', 'reminder.title'));
    // the hours played, in the player's language (a plural key fell back to Lao in Vietnamese)
    for (const part of tr('wallet', 'reminder.played', { hours: '1' }).split('{{since}}'))
      await expect(reminder).toContainText(part.trim());
    await expect(page.getByTestId('play-reminder-net')).toContainText('THB');
    await expect(page.getByTestId('play-reminder-limits')).toHaveAttribute('href', '/player/limits');
    await playerShot(page, info, `reminder-${lng}`);
    expect(await seriousAxe(page, 'play reminder')).toEqual([]);
    await page.getByTestId('play-reminder-continue').click();
    await expect(reminder).toHaveCount(0);
    // acknowledged: not again this hour, on this page or the next
    await page.reload();
    await expect(page.getByTestId('game-tile').first()).toBeVisible({ timeout: 30_000 });
    await page.clock.runFor(5000);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
}

for (const lng of ['lo', 'en'] as const) {
  test(`${lng}: finance write an announcement on Vientiane's clock`, async ({ page }, info) => {
    await sized(page, info);
    const text = staffText(lng, 'announcements');
    await staffLanguage(page, lng);
    await signInStaff(page.request, 'finance');
    await page.goto('/backoffice/announcements');
    const form = page.getByTestId('announcement-form');
    const mark = `staff-${lng}-${info.project.name}-${Date.now()}`;
    for (const l of ['lo', 'cn', 'vn', 'th']) await form.getByTestId(`announcement-text-${l}`).fill(`${l} ${mark}`);
    await form.getByTestId('announcement-ends').fill('2099-01-02T08:30');
    await form.getByTestId('announcement-save').click();
    const row = page.getByTestId('announcement-row').filter({ hasText: mark });
    await expect(row).toContainText('02/01/2099');
    await expect(row).toContainText('08:30');
    await staffShot(page, info, 'announcements', lng);
    expect(await seriousAxe(page, 'announcements')).toEqual([]);
    await row.getByRole('button', { name: text('end') }).click();
    await expect(row).toHaveAttribute('data-state', 'ended');
  });
}
