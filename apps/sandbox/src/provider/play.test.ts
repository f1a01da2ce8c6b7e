import { describe, expect, it } from 'vitest';
import { dealBaccarat, spinSlot, type Rng } from './play.js';

/** An Rng that answers the given values in order (each already in range). */
function scripted(values: number[]): Rng {
  let i = 0;
  return (n) => {
    const v = values[i++];
    if (v === undefined || v >= n) throw new Error(`script exhausted or out of range at ${i}`);
    return v;
  };
}
/** a card's draws: rank (1..13) then suit index */
const card = (rank: number) => [rank - 1, 0];

describe('slot', () => {
  it('pays three sevens 80x and two cherries 2x; nothing otherwise', () => {
    // reel weights: CHERRY 0-29, LEMON 30-54, BELL 55-74, BAR 75-89, SEVEN 90-99
    expect(spinSlot(10_00n, scripted([95, 99, 90]))).toEqual({ reels: ['SEVEN', 'SEVEN', 'SEVEN'], payout: 800_00n });
    expect(spinSlot(10_00n, scripted([0, 40, 29])).payout).toBe(20_00n);
    expect(spinSlot(10_00n, scripted([0, 40, 60]))).toEqual({ reels: ['CHERRY', 'LEMON', 'BELL'], payout: 0n });
    expect(spinSlot(1n, scripted([0, 0, 0])).payout).toBe(5n);
  });
});

describe('baccarat', () => {
  it('stands on a natural', () => {
    // player 9+K = 9, banker 3+3 = 6: no third cards
    const r = dealBaccarat('PLAYER', 100n, scripted([...card(9), ...card(13), ...card(3), ...card(3)]));
    expect([r.playerPoints, r.bankerPoints, r.player.length, r.banker.length]).toEqual([9, 6, 2, 2]);
    expect(r).toMatchObject({ winner: 'PLAYER', payout: 200n });
  });

  it('follows the tableau: banker on 3 stands when the player drew an 8', () => {
    // player A+2 = 3 draws an 8 → 1; banker 2+A = 3 stands on a player 8
    const r = dealBaccarat('BANKER', 100n, scripted([...card(1), ...card(2), ...card(2), ...card(1), ...card(8)]));
    expect(r.banker).toHaveLength(2);
    expect([r.playerPoints, r.bankerPoints]).toEqual([1, 3]);
    expect(r).toMatchObject({ winner: 'BANKER', payout: 195n });
  });

  it('banker draws on 0-5 when the player stood', () => {
    // player 7 stands; banker 5 draws a 2 → 7: a tie returns side bets, pays a tie bet 9x
    const deal = () => scripted([...card(3), ...card(4), ...card(2), ...card(3), ...card(2)]);
    const side = dealBaccarat('PLAYER', 100n, deal());
    expect(side.banker).toHaveLength(3);
    expect(side).toMatchObject({ winner: 'TIE', payout: 100n });
    expect(dealBaccarat('TIE', 100n, deal()).payout).toBe(900n);
  });

  it('pays nothing to the losing side', () => {
    // player K+Q = 0, banker 8+A = 9: a natural, so nobody draws
    const r = dealBaccarat('PLAYER', 100n, scripted([...card(13), ...card(12), ...card(8), ...card(1)]));
    expect(r.player).toHaveLength(2);
    expect(r).toMatchObject({ winner: 'BANKER', payout: 0n });
  });
});
