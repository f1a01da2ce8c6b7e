import { randomInt } from 'node:crypto';

/** A source of uniform integers in [0, n): crypto by default, scripted in tests. */
export type Rng = (n: number) => number;
const cryptoRng: Rng = (n) => randomInt(n);

export const SLOT_SYMBOLS = ['CHERRY', 'LEMON', 'BELL', 'BAR', 'SEVEN'] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];
const SLOT_WEIGHTS: Record<SlotSymbol, number> = { CHERRY: 30, LEMON: 25, BELL: 20, BAR: 15, SEVEN: 10 };
/** three of a kind pays stake × this (tenths); two cherries pay 2×. Return to player ≈ 94 %. */
const SLOT_THREE_TENTHS: Record<SlotSymbol, bigint> = { CHERRY: 50n, LEMON: 80n, BELL: 150n, BAR: 300n, SEVEN: 800n };

function reel(rng: Rng): SlotSymbol {
  let r = rng(100);
  for (const s of SLOT_SYMBOLS) {
    r -= SLOT_WEIGHTS[s];
    if (r < 0) return s;
  }
  return 'SEVEN';
}

export function spinSlot(stake: bigint, rng: Rng = cryptoRng) {
  const reels = [reel(rng), reel(rng), reel(rng)] as const;
  const [a, b, c] = reels;
  let tenths = 0n;
  if (a === b && b === c) tenths = SLOT_THREE_TENTHS[a];
  else if (reels.filter((s) => s === 'CHERRY').length === 2) tenths = 20n;
  return { reels: [...reels], payout: (stake * tenths) / 10n };
}

export const BACCARAT_SIDES = ['PLAYER', 'BANKER', 'TIE'] as const;
export type BaccaratSide = (typeof BACCARAT_SIDES)[number];
export interface Card {
  rank: number;
  suit: 'S' | 'H' | 'D' | 'C';
}

const SUITS = ['S', 'H', 'D', 'C'] as const;
const draw = (rng: Rng): Card => ({ rank: rng(13) + 1, suit: SUITS[rng(4)]! });
const points = (cards: Card[]) => cards.reduce((sum, c) => sum + (c.rank >= 10 ? 0 : c.rank), 0) % 10;

/** Whether the banker draws a third card, given its total and the player's third card (punto banco tableau). */
function bankerDraws(banker: number, playerThird: number | null): boolean {
  if (playerThird === null) return banker <= 5;
  if (banker <= 2) return true;
  if (banker === 3) return playerThird !== 8;
  if (banker === 4) return playerThird >= 2 && playerThird <= 7;
  if (banker === 5) return playerThird >= 4 && playerThird <= 7;
  if (banker === 6) return playerThird === 6 || playerThird === 7;
  return false;
}

/** One coup of punto banco from an endless shoe. Player pays 1:1, banker 0.95:1, tie 8:1; a tie returns side bets. */
export function dealBaccarat(side: BaccaratSide, stake: bigint, rng: Rng = cryptoRng) {
  const player = [draw(rng), draw(rng)];
  const banker = [draw(rng), draw(rng)];
  const natural = points(player) >= 8 || points(banker) >= 8;
  let playerThird: number | null = null;
  if (!natural) {
    if (points(player) <= 5) {
      const card = draw(rng);
      player.push(card);
      playerThird = card.rank >= 10 ? 0 : card.rank;
    }
    if (bankerDraws(points(banker), playerThird)) banker.push(draw(rng));
  }
  const p = points(player);
  const b = points(banker);
  const winner: BaccaratSide = p > b ? 'PLAYER' : b > p ? 'BANKER' : 'TIE';
  let payout = 0n;
  if (winner === 'TIE') payout = side === 'TIE' ? stake * 9n : stake;
  else if (winner === side) payout = side === 'PLAYER' ? stake * 2n : (stake * 195n) / 100n;
  return { player, banker, playerPoints: p, bankerPoints: b, winner, payout };
}
