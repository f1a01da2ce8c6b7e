import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { findGame, gamesOf } from './catalogue.js';
import { ProviderApiError } from './errors.js';
import { faultSchema, type FaultStore } from './faults.js';
import type { ProviderWallet } from './wallet.js';
import { idSchema, parse, providerOf, thb, thbOrZeroSchema, thbSchema } from './wire.js';

const betBody = z.object({
  amount: thbSchema,
  payout: thbOrZeroSchema.optional(),
  gameId: z.string().optional(),
});

/**
 * Test and demo controls, signed like the API but never hit by faults: the fault knobs, and a
 * look at (or a bet for) a player without going through a browser.
 */
export async function adminRoutes(app: FastifyInstance, deps: { wallet: ProviderWallet; faults: FaultStore }) {
  const { wallet, faults } = deps;

  app.post('/_faults', async (request) => ({ fault: faults.add(parse(faultSchema, request.body)) }));
  app.get('/_faults', async () => ({ faults: faults.list() }));
  app.delete('/_faults', async () => ({ cleared: faults.clear() }));

  app.get('/:providerId/_admin/players/:playerId', async (request) => {
    const providerId = providerOf(request.params);
    const { playerId } = parse(z.object({ playerId: idSchema }), request.params);
    const balance = await wallet.balance({ providerId, playerId });
    if (balance === null) throw new ProviderApiError(404, 'PLAYER_NOT_FOUND', 'no account for this player');
    return { playerId, balance: thb(balance), currency: 'THB' };
  });

  // what staff read in a provider's agent back office to decide a transfer that could not be told
  app.get('/:providerId/_admin/players/:playerId/transfers', async (request) => {
    const providerId = providerOf(request.params);
    const { playerId } = parse(z.object({ playerId: idSchema }), request.params);
    const transfers = await wallet.transfersOf({ providerId, playerId });
    return {
      transfers: transfers.map((t) => ({
        reference: t.reference,
        direction: t.direction,
        amount: thb(t.amount),
        status: t.status,
        createdAt: t.createdAt,
      })),
    };
  });

  // the provider loses a transfer: its agent takes it back (a reconciliation's difference, decision 142)
  app.post('/:providerId/_admin/transfers/:reference/reverse', async (request) => {
    const providerId = providerOf(request.params);
    const { reference } = parse(z.object({ reference: idSchema }), request.params);
    const balance = await wallet.reverse(providerId, reference);
    if (balance === null) throw new ProviderApiError(404, 'TRANSFER_NOT_FOUND', 'no applied transfer with this reference');
    return { reference, balance: thb(balance), currency: 'THB' };
  });

  app.post('/:providerId/_admin/players/:playerId/bets', async (request) => {
    const providerId = providerOf(request.params);
    const { playerId } = parse(z.object({ playerId: idSchema }), request.params);
    const body = parse(betBody, request.body);
    const gameId = body.gameId ?? gamesOf(providerId)[0]!.id;
    if (!findGame(providerId, gameId)) throw new ProviderApiError(404, 'GAME_NOT_FOUND', 'no such game');
    const payout = body.payout ?? 0n;
    const bet = await wallet.settleBet({ providerId, playerId, gameId, amount: body.amount, payout, detail: { admin: true } });
    return { betId: bet.betId, balance: thb(bet.balance), currency: 'THB' };
  });
}
