import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { SAME_ORIGIN, expect, untilLive } from './fixtures';
import { localeTexts, pick, registerPlayer } from './helpers';

/** The languages the player site's journeys run in: Lao (the default) and Vietnamese (the longest texts). */
export const PLAYER_LANGUAGES = ['lo', 'vn'] as const;
export type PlayerLanguage = (typeof PLAYER_LANGUAGES)[number];

/** A translator for one language, reading the bundled files: `tr('deposit', 'form.amount')`. */
export function texts(lng: string) {
  const cache = new Map<string, Record<string, unknown>>();
  return (ns: string, path: string, values: Record<string, string> = {}): string => {
    if (!cache.has(ns)) cache.set(ns, localeTexts(ns, lng));
    return pick(cache.get(ns)!, path).replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? `{{${k}}}`);
  };
}

/** Opens every page of this test in `lng` (the site keeps the choice in localStorage, as a player's menu does). */
export async function useLanguage(page: Page, lng: string): Promise<void> {
  await page.addInitScript((l) => window.localStorage.setItem('i18nextLng', l), lng);
}

/** A BCEL account of the player's own (a new number each time), added through the API. */
export async function addBankAccount(api: APIRequestContext): Promise<string> {
  const accountNumber = `0101${String(100_000_000 + (randomBytes(4).readUInt32BE() % 900_000_000))}`;
  const added = await api.post('/api/v2/players/bank-accounts', {
    headers: SAME_ORIGIN,
    data: { bank: 'bcel', accountNumber, accountName: 'E2E Player', currency: 'LAK', owner: true },
  });
  expect(added.status(), await added.text()).toBe(201);
  return accountNumber;
}

/**
 * A new player (with a bank account when `bank`) on `path` in `lng`, the page's `testId` shown: the
 * start the player site's journeys share. Answers the translator of that language.
 */
export async function openAsPlayer(page: Page, lng: string, path: string, testId: string, { bank = false } = {}) {
  const tr = texts(lng);
  await useLanguage(page, lng);
  await registerPlayer(page.request);
  if (bank) await addBankAccount(page.request);
  await page.goto(path);
  const form = page.getByTestId(testId);
  await expect(form).toBeVisible({ timeout: 30_000 });
  // a player page is drawn into its HTML (decision 204): visible before it is live, when a tap does nothing
  await untilLive(page);
  return { tr, form };
}

/**
 * The elements whose content is wider than their box and is cut or spills, ignoring
 * the visually hidden (the skip link before it is focused), the regions meant to scroll sideways and
 * the texts cut with an ellipsis.
 */
export function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => {
        if (el.clientWidth <= 1 || el.scrollWidth <= el.clientWidth + 1) return false;
        const style = getComputedStyle(el);
        // a name cut with an ellipsis (the header's username) is cut on purpose and says so
        return style.overflowX !== 'auto' && style.overflowX !== 'scroll' && style.textOverflow !== 'ellipsis';
      })
      .map(
        (el) =>
          `<${el.tagName.toLowerCase()} class="${el.className}"> "${(el.textContent ?? '').slice(0, 40)}" ${el.scrollWidth}>${el.clientWidth}`,
      ),
  );
}
