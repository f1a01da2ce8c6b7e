import type { ProviderId } from '@app/contracts';

/** Which demo the game page shows: a three-reel slot, or a baccarat table. */
export type GameKind = 'slot' | 'baccarat';

export interface CatalogueGame {
  id: string;
  name: string;
  tab: string;
  kind: GameKind;
  imageUrl: string;
}

type Entry = readonly [tab: string, kind: GameKind, names: readonly string[]];

/**
 * Tabs per provider, in display order. askmebet's player link uses tab=Slot and betflix's uses
 * tab=pp.txt (SPEC.md §2), so those exist; the rest is what such providers usually list.
 */
const CATALOGUE: Record<ProviderId, readonly Entry[]> = {
  alphabet: [
    ['Slot', 'slot', ['Mekong Gold', 'Naga Fortune', 'Lucky Elephant', 'Golden Lotus', 'Dragon Pearl', 'Temple Treasure']],
    ['Casino', 'baccarat', ['Baccarat Classic', 'Baccarat Speed', 'Baccarat Squeeze']],
    ['Fishing', 'slot', ['Fishing King', 'Ocean Hunter']],
  ],
  askmebet: [
    ['Slot', 'slot', ['Wild Buffalo', 'Jungle Spin', 'Mango Rush', 'Tiger Strike', 'Sticky Rice Riches', 'Star Fruit', 'Silk Road']],
    ['Casino', 'baccarat', ['AMB Baccarat', 'AMB Baccarat VIP']],
    ['Fishing', 'slot', ['Fish Party', 'Deep Sea Catch']],
  ],
  gclub: [
    ['Casino', 'baccarat', ['Royal Baccarat', 'Baccarat 2', 'Baccarat 3', 'Dragon Baccarat']],
    ['Slot', 'slot', ['Royal Reels', 'Fortune Seven', 'Jade Emperor', 'Red Lantern']],
  ],
  gclub_live: [
    [
      'Live',
      'baccarat',
      [
        'Live Baccarat A',
        'Live Baccarat B',
        'Live Baccarat C',
        'Live Speed Baccarat',
        'Live Squeeze Baccarat',
        'Live VIP Baccarat',
        'Live Baccarat Vientiane',
        'Live Baccarat Luang Prabang',
      ],
    ],
  ],
  betflix: [
    ['pp.txt', 'slot', ['Sweet Candy', 'Gates of Gold', 'Wolf Moon', 'Buffalo Bonanza']],
    ['pg.txt', 'slot', ['Mahjong Wins', 'Lucky Neko', 'Treasures of Aztec', 'Ganesha Gold']],
    ['jili.txt', 'slot', ['Super Ace', 'Fortune Gems', 'Crazy Hunter']],
    ['joker.txt', 'slot', ['Roma', 'Lucky God', 'Fish Hunter']],
    ['live.txt', 'baccarat', ['Flix Baccarat', 'Flix Baccarat Live']],
  ],
};

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function hueOf(text: string): number {
  let h = 0;
  for (const c of text) h = (h * 31 + c.charCodeAt(0)) % 360;
  return h;
}

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small generated cover: a gradient, an emblem for the kind, the name (as a data: URL, CSP-safe). */
function coverOf(id: string, name: string, kind: GameKind): string {
  const hue = hueOf(id);
  const emblem =
    kind === 'slot'
      ? [30, 80, 130]
          .map(
            (x) =>
              `<rect x="${x}" y="38" width="40" height="50" rx="6" fill="#fff" opacity=".9"/><text x="${x + 20}" y="74" font-size="30" text-anchor="middle" fill="hsl(${hue},70%,35%)" font-family="sans-serif" font-weight="700">7</text>`,
          )
          .join('')
      : `<rect x="60" y="30" width="38" height="56" rx="5" fill="#fff" transform="rotate(-10 79 58)"/><rect x="102" y="30" width="38" height="56" rx="5" fill="#fff" transform="rotate(10 121 58)"/><text x="121" y="66" font-size="22" text-anchor="middle" fill="#c0392b" font-family="sans-serif">&#9829;</text>`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 150"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue},65%,45%)"/><stop offset="1" stop-color="hsl(${(hue + 50) % 360},70%,25%)"/></linearGradient></defs>` +
    `<rect width="200" height="150" fill="url(#g)"/>${emblem}` +
    `<text x="100" y="128" font-size="15" text-anchor="middle" fill="#fff" font-family="sans-serif" font-weight="600">${escapeXml(name)}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function build(providerId: ProviderId): CatalogueGame[] {
  return CATALOGUE[providerId].flatMap(([tab, kind, names]) =>
    names.map((name) => {
      const id = `${providerId}-${slug(name)}`;
      return { id, name, tab, kind, imageUrl: coverOf(id, name, kind) };
    }),
  );
}

const GAMES = new Map<ProviderId, CatalogueGame[]>();

export function gamesOf(providerId: ProviderId): CatalogueGame[] {
  let games = GAMES.get(providerId);
  if (!games) {
    games = build(providerId);
    GAMES.set(providerId, games);
  }
  return games;
}

export function tabsOf(providerId: ProviderId): string[] {
  return CATALOGUE[providerId].map(([tab]) => tab);
}

export function findGame(providerId: ProviderId, gameId: string): CatalogueGame | undefined {
  return gamesOf(providerId).find((g) => g.id === gameId);
}
