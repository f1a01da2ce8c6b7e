import { playerSearchFieldSchema, type PlayerSearchField } from '@app/contracts';

/** The players' search in the address: the field searched and the text (a reload or a link keeps it). */
export interface PlayersSearch {
  by: PlayerSearchField;
  q: string;
}

export const validatePlayersSearch = (s: Record<string, unknown>): PlayersSearch => ({
  by: playerSearchFieldSchema.catch('username').parse(s.by),
  q: typeof s.q === 'string' ? s.q.slice(0, 128) : '',
});
