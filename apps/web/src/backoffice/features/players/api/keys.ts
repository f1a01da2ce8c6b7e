import type { PlayerSearchField } from '@app/contracts';

/** Query keys of the players; an action on one reads everything under its `player` key again. */
export const playerKeys = {
  search: (by: PlayerSearchField, q: string) => ['backoffice', 'players', 'search', by, q] as const,
  player: (id: string) => ['backoffice', 'players', id] as const,
};
