import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';

/** The back office's journeys at the briefs' phone width (390) on the mobile project, the desk's 1280 on the other. */
export async function staffWidth(page: Page, info: TestInfo): Promise<void> {
  if (info.project.name === 'mobile') await page.setViewportSize({ width: 390, height: 844 });
}

/** A full-page screenshot `<dir>/<name>-<390|1280>.png`, once the fonts (Lao among them) are in. */
export async function staffShot(page: Page, info: TestInfo, dir: string, name: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${dir}/${name}-${info.project.name === 'mobile' ? 390 : 1280}.png`, fullPage: true });
}

/** axe's serious and critical violations on the page as it is, one line each (none is the bar). */
export async function seriousViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).analyze();
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
