import { describe, expect, it } from 'vitest';
import { createMemoryHistory } from '@tanstack/react-router';
import { createQueryClient } from '@/lib/query-client';
import { drawsPrerenderedPage, setVisitorState } from './prerendered';
import { createAppRouter } from './router';

const agency = {
  id: 'a1',
  social: { telegram: '', whatsapp: '', facebook: '', twitter: '', line: '' },
  limits: { depositMinLak: '20000', depositMaxLak: '50000000', withdrawMinThb: '100', withdrawMaxThb: '200000' },
};

async function settledOn(path: string, state: (qc: ReturnType<typeof createQueryClient>) => void) {
  const queryClient = createQueryClient();
  state(queryClient);
  const router = createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: [path] }), scrollRestoration: false });
  await router.load();
  return { router, queryClient };
}

describe('drawsPrerenderedPage', () => {
  it('is true for a visitor of a known agency on the prerendered path', async () => {
    const { router, queryClient } = await settledOn('/login', (qc) => setVisitorState(qc, agency));
    expect(drawsPrerenderedPage(router, queryClient, '/login')).toBe(true);
    expect(drawsPrerenderedPage(router, queryClient, '/')).toBe(false);
  });

  it('is false for a logged-in player (sent on to /player) and when the agency is unknown', async () => {
    const player = await settledOn('/login', (qc) => {
      setVisitorState(qc, agency);
      qc.setQueryData(['players', 'info'], { player: { id: 'p1', displayName: 'somebody' }, credential: null, bankAccounts: [] });
    });
    expect(drawsPrerenderedPage(player.router, player.queryClient, '/login')).toBe(false);

    // no agency answer (here the API is unreachable: the root's beforeLoad fails, as a 404 leaves no agency)
    const unknown = await settledOn('/login', (qc) => qc.setQueryData(['players', 'info'], null));
    expect(drawsPrerenderedPage(unknown.router, unknown.queryClient, '/login')).toBe(false);
  });

  it('is true for a player page the server drew for a logged-in player, false for a visitor sent on to /login (decision 204)', async () => {
    const info = {
      player: { id: 'p1', username: 'somebody', displayName: 'somebody', createdAt: '2026-11-01T00:00:00.000Z' },
      credential: null,
      bankAccounts: [],
    };
    const player = await settledOn('/player/deposit/history', (qc) => {
      setVisitorState(qc, agency);
      qc.setQueryData(['players', 'info'], info);
    });
    expect(player.router.state.location.pathname).toBe('/player/deposit/history');
    expect(drawsPrerenderedPage(player.router, player.queryClient, '/player/deposit/history')).toBe(true);
    expect(drawsPrerenderedPage(player.router, player.queryClient, '/player/deposit')).toBe(false);
    // and a visitor's page is not a player's
    expect(drawsPrerenderedPage(player.router, player.queryClient, '/login')).toBe(false);

    const visitor = await settledOn('/player/deposit/history', (qc) => setVisitorState(qc, agency));
    expect(visitor.router.state.location.pathname).toBe('/login');
    expect(drawsPrerenderedPage(visitor.router, visitor.queryClient, '/player/deposit/history')).toBe(false);
  });
});
