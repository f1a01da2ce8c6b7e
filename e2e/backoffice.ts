import { mkdirSync, readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';

/**
 * What the back office's journeys share (issue #17): the phone's width, the staff language, the
 * screens' own texts, screenshots for staff to judge, and axe's serious and critical findings.
 */
export type StaffLanguage = 'lo' | 'en';
export const SHOTS = process.env.SHOTS_DIR ?? '/work/shots-bo-e2e';

/** 390 px on the phone project (the width), 1280 on the desk one. */
export const widthOf = (info: TestInfo) => (info.project.name === 'mobile' ? 390 : 1280);
export async function sized(page: Page, info: TestInfo) {
  if (info.project.name === 'mobile') await page.setViewportSize({ width: 390, height: 844 });
}

/** The back office in `lng` from the first page on (it keeps the choice in the browser). */
export const staffLanguage = (page: Page, lng: StaffLanguage) => page.addInitScript((l) => localStorage.setItem('backofficeLng', l), lng);

/**
 * The back office's text at a dotted path of one area's translations (`locales/<lng>/<area>.json`);
 * a key may hold dots itself (`rates.validation.rate.buy_above_sell`), as i18next finds it.
 */
export function staffText(lng: StaffLanguage, area: string): (path: string) => string {
  const tree = JSON.parse(
    readFileSync(new URL(`../apps/web/src/backoffice/locales/${lng}/${area}.json`, import.meta.url), 'utf8'),
  ) as Record<string, unknown>;
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

/** A full-page screenshot, `<name>-<lng>-<width>.png`, once the fonts (Lao's too) are in. */
export async function shot(page: Page, info: TestInfo, name: string, lng: StaffLanguage) {
  mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${SHOTS}/${name}-${lng}-${widthOf(info)}.png`, fullPage: true });
}

/** axe's serious and critical violations on the page as it is, each named with `where`. */
export async function seriousAxe(page: Page, where: string): Promise<string[]> {
  const found = await new AxeBuilder({ page }).analyze();
  return found.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
