import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { seriousViolations, staffShot, staffWidth } from './backoffice-kit';
import { localeTexts } from './helpers';

/**
 * What the back office's journeys share: the phone's width, the staff language, the
 * screens' own texts, screenshots for staff to judge, and axe's serious and critical findings.
 */
export type StaffLanguage = 'lo' | 'en';
export const SHOTS = process.env.SHOTS_DIR ?? '/work/shots-bo-e2e';

/** 390 px on the phone project (the width staff phones are checked at), 1280 on the desk one. */
export const sized = staffWidth;

/** The back office in `lng` from the first page on (it keeps the choice in the browser). */
export const staffLanguage = (page: Page, lng: StaffLanguage) => page.addInitScript((l) => localStorage.setItem('backofficeLng', l), lng);

/**
 * The back office's text at a dotted path of one area's translations (`locales/<area>.json`, in `lng`);
 * a key may hold dots itself (`rates.validation.rate.buy_above_sell`), as i18next finds it.
 */
export function staffText(lng: StaffLanguage, area: string): (path: string) => string {
  const tree = localeTexts(area, lng, 'backoffice');
  const find = (node: unknown, parts: string[]): unknown => {
    if (parts.length === 0) return node;
    if (typeof node !== 'object' || node === null) return undefined;
    for (let n = parts.length; n > 0; n--) {
      const key = parts.slice(0, n).join('.');
      if (key in node) {
        const found = find((node as Record<string, unknown>)[key], parts.slice(n));
        if (found !== undefined) return found;
      }
    }
    return undefined;
  };
  return (path) => {
    const text = find(tree, path.split('.'));
    if (typeof text !== 'string') throw new Error(`no text at ${area}:${path} (${lng})`);
    return text;
  };
}

/** A full-page screenshot in SHOTS, `<name>-<lng>-<390|1280>.png`, once the fonts (Lao's too) are in. */
export const shot = (page: Page, info: TestInfo, name: string, lng: StaffLanguage) => staffShot(page, info, SHOTS, `${name}-${lng}`);

/** axe's serious and critical violations on the page as it is, each named with `where`. */
export const seriousAxe = async (page: Page, where: string): Promise<string[]> =>
  (await seriousViolations(page)).map((v) => `${where} ${v}`);

/** The queue's card of that withdrawal; the queue is polled, and older ones come with "more". */
export async function queueCard(page: Page, code: string): Promise<Locator> {
  const card = page.locator(`[data-testid="queue-row"][data-code="${code}"]`);
  await expect(async () => {
    const more = page.getByTestId('queue-more');
    if ((await card.count()) === 0 && (await more.count()) > 0) await more.click();
    await expect(card).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  return card;
}
