import type { ProviderId } from '@app/contracts';
import type { GameSearch } from './game-pages';

/** The game page of each provider (SPEC.md §2). */
export const GAME_PAGES = {
  alphabet: '/player/game/alphabet',
  askmebet: '/player/game/askmebet',
  gclub: '/player/game/gclub',
  gclub_live: '/player/game/gclub_live',
  betflix: '/player/game/betflix',
} as const satisfies Record<ProviderId, string>;
export type GamePagePath = (typeof GAME_PAGES)[ProviderId];

/** The tab each provider's links open on (SPEC.md §2: askmebet with tab=Slot, betflix with tab=pp.txt). */
export const LINK_SEARCH: Record<ProviderId, GameSearch> = {
  alphabet: {},
  askmebet: { tab: 'Slot' },
  gclub: {},
  gclub_live: {},
  betflix: { tab: 'pp.txt' },
};

/** How a tab reads: a translated category when it is one, else the provider's own name for it. */
export function tabLabelKey(tab: string): string | null {
  const key = tab.toLowerCase();
  return ['slot', 'casino', 'live', 'fishing'].includes(key) ? `games.tab.${key}` : null;
}

export function rawTabLabel(tab: string): string {
  return tab.replace(/\.txt$/i, '').toUpperCase();
}
