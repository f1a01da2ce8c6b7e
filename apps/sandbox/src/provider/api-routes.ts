import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { findGame, gamesOf, tabsOf } from './catalogue.js';
import { ProviderApiError, errorBody } from './errors.js';
import type { LaunchService } from './launch.js';
import type { ProviderWallet } from './wallet.js';
import { idSchema, parse, providerOf, thb, thbSchema, transferJson } from './wire.js';

export interface ApiDeps {
  wallet: ProviderWallet;
  launches: LaunchService;
  /** read per request: the test sandbox learns its own URL only after listening */
  publicUrl: () => string;
}

const playerBody = z.object({ playerId: idSchema, agencyId: idSchema, username: z.string().min(1).max(64) });
const transferBody = playerBody.extend({
  reference: idSchema,
  direction: z.enum(['IN', 'OUT']),
  amount: thbSchema,
});
const launchBody = z.object({
  playerId: idSchema,
  gameId: z.string().min(1).max(100),
  returnUrl: z.url({ protocol: /^https?$/ }).max(2000),
  language: z
    .string()
    .regex(/^[a-z]{2}$/)
    .default('lo'),
});
const playerParams = z.object({ playerId: idSchema });

/** The signed server-to-provider API (DESIGN.md §4); each route names its operation for the fault knobs. */
export async function apiRoutes(app: FastifyInstance, deps: ApiDeps) {
  const { wallet, launches } = deps;

  app.post('/:providerId/players', { config: { operation: 'players' } }, async (request) => {
    const providerId = providerOf(request.params);
    const body = parse(playerBody, request.body);
    const { created } = await wallet.ensurePlayer({ providerId, ...body });
    const balance = (await wallet.balance({ providerId, playerId: body.playerId })) ?? 0n;
    return { playerId: body.playerId, created, balance: thb(balance), currency: 'THB' };
  });

  app.get('/:providerId/players/:playerId/balance', { config: { operation: 'balance' } }, async (request) => {
    const providerId = providerOf(request.params);
    const { playerId } = parse(playerParams, request.params);
    const balance = await wallet.balance({ providerId, playerId });
    if (balance === null) throw new ProviderApiError(404, 'PLAYER_NOT_FOUND', 'no account for this player');
    return { playerId, balance: thb(balance), currency: 'THB' };
  });

  app.post('/:providerId/transfers', { config: { operation: 'transfer' } }, async (request, reply) => {
    const providerId = providerOf(request.params);
    const body = parse(transferBody, request.body);
    const record = await wallet.transfer({ providerId, ...body, forceRefuse: request.forceRefuse === true });
    if (record.status === 'REFUSED') {
      const reason = record.reason ?? 'REFUSED';
      return reply.status(422).send(errorBody(reason, 'transfer refused', { transfer: transferJson(record) }));
    }
    return { transfer: transferJson(record) };
  });

  app.get('/:providerId/transfers/:reference', { config: { operation: 'status' } }, async (request) => {
    const providerId = providerOf(request.params);
    const { reference } = parse(z.object({ reference: idSchema }), request.params);
    const record = await wallet.transferByReference(providerId, reference);
    if (!record) throw new ProviderApiError(404, 'TRANSFER_NOT_FOUND', 'no transfer with this reference');
    return { transfer: transferJson(record) };
  });

  // the player's applied transfers between two instants: what a reconciliation reads (docs/decisions/142)
  app.get('/:providerId/players/:playerId/transfers', { config: { operation: 'status' } }, async (request) => {
    const providerId = providerOf(request.params);
    const { playerId } = parse(playerParams, request.params);
    const { from, to } = parse(z.object({ from: z.iso.datetime(), to: z.iso.datetime() }), request.query);
    const [since, until] = [Date.parse(from), Date.parse(to)];
    const all = await wallet.transfersOf({ providerId, playerId });
    const applied = all.filter((t) => t.status === 'POSTED' && Date.parse(t.createdAt) >= since && Date.parse(t.createdAt) < until);
    return { transfers: applied.map((t) => ({ ...transferJson(t), createdAt: new Date(t.createdAt).toISOString() })) };
  });

  app.get('/:providerId/players/:playerId/turnover', { config: { operation: 'turnover' } }, async (request) => {
    const providerId = providerOf(request.params);
    const { playerId } = parse(playerParams, request.params);
    const { since } = parse(z.object({ since: idSchema }), request.query);
    const turnover = await wallet.turnoverSince({ providerId, playerId }, since);
    return { playerId, since, turnover: thb(turnover), currency: 'THB' };
  });

  app.get('/:providerId/games', { config: { operation: 'games' } }, async (request) => {
    const providerId = providerOf(request.params);
    const { tab } = parse(z.object({ tab: z.string().max(50).optional() }), request.query);
    const games = gamesOf(providerId)
      .filter((g) => tab === undefined || g.tab === tab)
      .map(({ id, name, tab: t, imageUrl }) => ({ id, name, tab: t, imageUrl }));
    return { tabs: tabsOf(providerId), games };
  });

  app.post('/:providerId/launch', { config: { operation: 'launch' } }, async (request) => {
    const providerId = providerOf(request.params);
    const body = parse(launchBody, request.body);
    if (!findGame(providerId, body.gameId)) throw new ProviderApiError(404, 'GAME_NOT_FOUND', 'no such game');
    if ((await wallet.balance({ providerId, playerId: body.playerId })) === null) {
      throw new ProviderApiError(404, 'PLAYER_NOT_FOUND', 'no account for this player');
    }
    const token = await launches.createToken({ providerId, ...body });
    const url = `${deps.publicUrl()}/providers/${providerId}/launch?token=${encodeURIComponent(token)}`;
    return { url };
  });
}
