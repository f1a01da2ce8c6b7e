import { ProviderRequestError, ProviderUnavailableError, type GameCatalogue, type GameInfo } from './types.js';

/** How long a real-protocol provider's game list is kept: lists change rarely, and every launch needs the game's tab. */
const TTL_MS = 300_000;

/**
 * A provider's whole game list, loaded at most every few minutes and filtered by tab here (AMB and
 * Betflix list every game at once). `read` maps the provider's entries; entries it cannot read are left out.
 */
export class CatalogueCache {
  private cached: { at: number; value: GameCatalogue } | null = null;

  constructor(
    private readonly providerId: string,
    private readonly load: () => Promise<unknown[] | null>,
    private readonly read: (entry: Record<string, unknown>) => GameInfo | null,
  ) {}

  async all(): Promise<GameCatalogue> {
    if (this.cached && Date.now() - this.cached.at < TTL_MS) return this.cached.value;
    const entries = await this.load();
    if (!entries) throw new ProviderUnavailableError(`${this.providerId}: game list: unreadable answer`);
    const games = entries.flatMap((e) => {
      const game = typeof e === 'object' && e !== null ? this.read(e as Record<string, unknown>) : null;
      return game ? [game] : [];
    });
    const value = { tabs: [...new Set(games.map((g) => g.tab))], games };
    this.cached = { at: Date.now(), value };
    return value;
  }

  async tab(tab?: string): Promise<GameCatalogue> {
    const all = await this.all();
    return tab === undefined ? all : { tabs: all.tabs, games: all.games.filter((g) => g.tab === tab) };
  }

  /** the game, or GAME_NOT_FOUND */
  async game(gameId: string): Promise<GameInfo> {
    const game = (await this.all()).games.find((g) => g.id === gameId);
    if (!game) throw new ProviderRequestError(404, 'GAME_NOT_FOUND', `${this.providerId}: no game ${gameId}`);
    return game;
  }
}

export const stringOrNull = (v: unknown) => (typeof v === 'string' ? v : null);
