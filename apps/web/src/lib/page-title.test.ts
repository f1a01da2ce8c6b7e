import { describe, expect, it } from 'vitest';
import common from '../locales/common.json';
import { textsIn } from './locale-file';
import { pageTitle, pageTitleKey } from './page-title';

const routes = import.meta.glob('../routes/**/*.tsx');
/** every route file's path: `_guest/login.tsx` → /login, `player/deposit/index.tsx` → /player/deposit */
const paths = Object.keys(routes)
  .map((f) => f.slice('../routes'.length, -'.tsx'.length))
  .filter((f) => !/__root$|\/_guest$|\/player$/.test(f) || f === '/player')
  .map((f) => f.replace('/_guest', '').replace(/\/index$/, '') || '/')
  .map((f) => f.replace('$promotionId', 'p-1'));

const [lo, vn] = [textsIn(common, 'lo'), textsIn(common, 'vn')];
const tOf = (tree: Record<string, unknown>) => (key: string) =>
  key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], tree) as string;

describe('a document title per screen (issue #35)', () => {
  it('names every route of the site', () => {
    expect(paths.length).toBeGreaterThan(15);
    expect(paths.filter((p) => pageTitleKey(p) === null)).toEqual([]);
  });

  it('in the language of the page, the brand after it; a page it does not know keeps the brand', () => {
    expect(pageTitle(tOf(lo), '/player/deposit/')).toBe(`${common.pages.deposit.lo} · ${common.brand.lo}`);
    expect(pageTitle(tOf(vn), '/player/game/gclub_live')).toBe(`${common.pages.game_gclub_live.vn} · ${common.brand.vn}`);
    expect(pageTitle(tOf(vn), '/nowhere')).toBe(common.brand.vn);
    for (const p of paths) expect(tOf(vn)(pageTitleKey(p)!), p).toBeTruthy();
  });
});
