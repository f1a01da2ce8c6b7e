import { z } from 'zod';
import { LANGUAGES } from './common.js';

export const gameSchema = z.object({
  id: z.string(),
  name: z.string(),
  tab: z.string(),
  imageUrl: z.string().nullable(),
});
export type Game = z.infer<typeof gameSchema>;

/** `?tab=` of the game pages (SPEC.md §2: askmebet links with tab=Slot). */
export const gamesQuerySchema = z.object({ tab: z.string().trim().max(64).optional() });
export type GamesQuery = z.infer<typeof gamesQuerySchema>;

/**
 * The catalogue of one provider: every tab it has, the tab shown (the asked one when the provider
 * has it, else the first) and that tab's games.
 */
export const gamesResponseSchema = z.object({
  provider: z.string(),
  tabs: z.array(z.string()),
  tab: z.string().nullable(),
  games: z.array(gameSchema),
});
export type GamesResponse = z.infer<typeof gamesResponseSchema>;

/** Picks the tab to show: the asked one when the provider has it (case-insensitive), else the first. */
export function pickTab(tabs: readonly string[], asked: string | undefined): string | null {
  if (asked) {
    const found = tabs.find((t) => t.toLowerCase() === asked.toLowerCase());
    if (found) return found;
  }
  return tabs[0] ?? null;
}

export const launchGameBodySchema = z.object({
  gameId: z.string({ error: 'game.validation.game_required' }).trim().min(1, 'game.validation.game_required').max(128),
  language: z.enum(LANGUAGES).optional(),
});
export type LaunchGameBody = z.infer<typeof launchGameBodySchema>;

export const launchGameResponseSchema = z.object({ url: z.string() });
export type LaunchGameResponse = z.infer<typeof launchGameResponseSchema>;
