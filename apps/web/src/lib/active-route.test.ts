import { describe, expect, it } from 'vitest';
import { isActive, isParentActive, pathOf } from './active-route';
import { PLAYER_GROUP_1, PLAYER_GROUP_2 } from '@/components/layout/nav-items';

describe('active entries (SPEC.md §2)', () => {
  it('matches the exact path and ignores the query string', () => {
    expect(isActive('/player/game/askmebet', '/player/game/askmebet?tab=Slot')).toBe(true);
    expect(isActive('/player/game/betflix', '/player/game/betflix?tab=pp.txt')).toBe(true);
    expect(isActive('/player/deposit', '/player/deposit')).toBe(true);
  });

  it('is not active on a longer or shorter path', () => {
    expect(isActive('/player/deposit/history', '/player/deposit')).toBe(false);
    expect(isActive('/player', '/player/deposit')).toBe(false);
    expect(isActive('/player/game/gclub_live', '/player/game/gclub')).toBe(false);
  });

  it('treats a trailing slash as the same page', () => {
    expect(pathOf('/player/deposit/')).toBe('/player/deposit');
    expect(pathOf('/')).toBe('/');
    expect(isActive('/player/bank/', '/player/bank')).toBe(true);
  });

  it('makes a parent active when any child is', () => {
    const games = PLAYER_GROUP_1.find((e) => e.label === 'nav.games')!;
    const history = PLAYER_GROUP_2.find((e) => e.label === 'nav.history')!;
    const gameLinks = games.children!.map((c) => c.href);
    const historyLinks = history.children!.map((c) => c.href);
    expect(isParentActive('/player/game/askmebet', gameLinks)).toBe(true);
    expect(isParentActive('/player/withdraw/history', historyLinks)).toBe(true);
    expect(isParentActive('/player/withdraw', historyLinks)).toBe(false);
    expect(isParentActive('/player/deposit', gameLinks)).toBe(false);
  });

  it('lists the drawer links of SPEC.md §2', () => {
    expect(PLAYER_GROUP_1.find((e) => e.label === 'nav.games')!.children!.map((c) => c.href)).toEqual([
      '/player/game/alphabet',
      '/player/game/askmebet?tab=Slot',
      '/player/game/gclub',
      '/player/game/gclub_live',
      '/player/game/betflix?tab=pp.txt',
    ]);
    expect(PLAYER_GROUP_1.map((e) => e.href).slice(1)).toEqual(['/player/deposit', '/player/withdraw', '/player/promotion']);
    // and responsible play after them
    expect(PLAYER_GROUP_2.map((e) => e.label)).toEqual(['nav.bank_account', 'nav.history', 'nav.limits']);
  });
});
