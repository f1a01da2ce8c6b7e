// @vitest-environment node
// The server's render of a player's page (decision 204) runs in Node, without a document: so does this test.
import { describe, expect, it } from 'vitest';
import type {
  AgencyInfoResponse,
  BankAccountsResponse,
  CurrenciesResponse,
  OpenDepositResponse,
  OpenWithdrawalsResponse,
  PlayerInfoResponse,
  PromotionsResponse,
  PromotionUsingResponse,
} from '@app/contracts';
import { renderPlayerPage } from './prerender';

const agency = {
  agency: {
    id: 'a1',
    social: { telegram: 'https://t.me/agency', whatsapp: '', facebook: '', twitter: '', line: '' },
    limits: { depositMinLak: '25000', depositMaxLak: '40000000', withdrawMinThb: '100', withdrawMaxThb: '200000' },
  },
} satisfies AgencyInfoResponse;
const player = {
  player: { id: 'p1', username: 'somchai77', displayName: 'somchai77', createdAt: '2026-11-01T00:00:00.000Z' },
  credential: { username: 'somchai77', lastLoginAt: null, mustChangePassword: false },
  bankAccounts: [],
} satisfies PlayerInfoResponse;
const currencies = {
  currencies: [{ isEnabled: true, code: 'LAK', mid: 'lak-1', displayName: 'Kip', currency: 'LAK', buyRate: '690', sellRate: '700' }],
} satisfies CurrenciesResponse;
/** What the deposit page's HTML carries for a player with no open order and no promotion in use. */
const depositAnswers = {
  '/api/v2/agency/info': agency,
  '/api/v2/players/info': player,
  '/api/v2/deposits/open': { order: null } satisfies OpenDepositResponse,
  '/api/v2/players/promotions/using': { usage: null, promotion: null } satisfies PromotionUsingResponse,
  '/api/v2/currencies': currencies,
};
const without = (path: keyof typeof depositAnswers) => Object.fromEntries(Object.entries(depositAnswers).filter(([p]) => p !== path));

describe('renderPlayerPage: a player page drawn from the answers its HTML carries', () => {
  it("draws the deposit page with the player's name, the agency's bounds and the texts of the language", async () => {
    const lo = await renderPlayerPage('/player/deposit', 'lo', depositAnswers);
    expect(lo).toContain('data-testid="deposit-form"');
    expect(lo).toContain('somchai77');
    expect(lo).toMatch(/25,000 LAK/);
    expect(lo).toMatch(/40,000,000 LAK/);
    expect(lo).toContain('ຝາກເງິນ');
    const th = await renderPlayerPage('/player/deposit?provider=betflix', 'th', depositAnswers);
    expect(th).toContain('data-testid="deposit-form"');
    expect(th).not.toContain('ຝາກເງິນ');
    expect(th).toContain('ฝาก');
  });

  it('draws one page at a time: renders asked together each keep their own language and answers', async () => {
    const other = {
      ...depositAnswers,
      '/api/v2/players/info': { ...player, player: { ...player.player, username: 'noy', displayName: 'noy' } },
    };
    const [lo, th, lo2] = await Promise.all([
      renderPlayerPage('/player/deposit', 'lo', depositAnswers),
      renderPlayerPage('/player/deposit', 'th', other),
      renderPlayerPage('/player/deposit', 'lo', depositAnswers),
    ]);
    expect(lo).toContain('somchai77');
    expect(lo).toContain('ຝາກເງິນ');
    expect(th).toContain('noy');
    expect(th).not.toContain('somchai77');
    expect(th).not.toContain('ຝາກເງິນ');
    expect(lo2).toBe(lo);
  });

  it('draws nothing (null) when the page needs more than its answers: no player (the login page), a read missing', async () => {
    expect(await renderPlayerPage('/player/deposit', 'lo', without('/api/v2/players/info'))).toBeNull();
    // the form's currencies not answered: drawn here, it would show an error the browser's page does not
    expect(await renderPlayerPage('/player/deposit', 'lo', without('/api/v2/currencies'))).toBeNull();
    expect(await renderPlayerPage('/player/deposit', 'lo', without('/api/v2/agency/info'))).toBeNull();
    // and the next render is whole again: nothing of a failed one is left behind
    expect(await renderPlayerPage('/player/deposit', 'lo', depositAnswers)).toContain('somchai77');
  });

  // every page of the player area with a copy of its own (apps/web/vite.config.ts): its reads answered
  it.each([
    '/player',
    '/player/deposit/history',
    '/player/withdraw',
    '/player/withdraw/history',
    '/player/bank',
    '/player/promotion',
    '/player/promotion/history',
  ])('draws %s from its answers', async (path) => {
    const html = await renderPlayerPage(path, 'lo', {
      ...depositAnswers,
      '/api/v2/withdrawals/open': { items: [] } satisfies OpenWithdrawalsResponse,
      '/api/v2/players/bank-accounts': { bankAccounts: [] } satisfies BankAccountsResponse,
      '/api/v2/promotions': { promotions: [] } satisfies PromotionsResponse,
    });
    expect(html).toContain('somchai77');
    expect(html).toContain('data-testid="bottom-bar"');
  });
});
