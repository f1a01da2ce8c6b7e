import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { findGame } from './catalogue.js';
import { ProviderApiError, installErrorHandler } from './errors.js';
import type { GameSession, LaunchService } from './launch.js';
import { PAGE_CSP, gamePage, gonePage } from './page.js';
import { BACCARAT_SIDES, dealBaccarat, spinSlot } from './play.js';
import type { ProviderWallet } from './wallet.js';
import { parse, providerOf, thb, thbSchema } from './wire.js';

const STATIC: Record<string, { type: string; body: string }> = {
  'game.js': { type: 'text/javascript; charset=utf-8', body: readFileSync(new URL('./static/game.js', import.meta.url), 'utf8') },
  'game.css': { type: 'text/css; charset=utf-8', body: readFileSync(new URL('./static/game.css', import.meta.url), 'utf8') },
};

const sessionParams = z.object({ sessionId: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });
const betBody = z.object({ amount: thbSchema, side: z.enum(BACCARAT_SIDES).optional() });

/** A largest single bet, so a typo cannot empty a demo account in one click. */
const MAX_STAKE = 100_000_00n;

function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', PAGE_CSP)
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .send(body);
}

/**
 * What the player's browser sees: the launch link (one-time token → a game session), the demo
 * game page, and its bets. No signature here; the session id in the path is the credential.
 */
export async function playRoutes(app: FastifyInstance, deps: { wallet: ProviderWallet; launches: LaunchService }) {
  const { wallet, launches } = deps;
  installErrorHandler(app);

  app.get('/_static/:file', async (request, reply) => {
    const file = STATIC[(request.params as { file: string }).file];
    if (!file) throw new ProviderApiError(404, 'NOT_FOUND', 'no such file');
    return reply.header('content-type', file.type).header('cache-control', 'public, max-age=300').send(file.body);
  });

  app.get('/:providerId/launch', async (request, reply) => {
    const providerId = providerOf(request.params);
    const token = (request.query as { token?: unknown }).token;
    const result = typeof token === 'string' && token.length <= 200 ? await launches.redeem(providerId, token) : null;
    if (!result?.ok) {
      return html(
        reply,
        result?.reason === 'UNKNOWN' || !result ? 404 : 410,
        gonePage(result?.language ?? 'lo', result?.returnUrl ?? null),
      );
    }
    return reply.header('referrer-policy', 'no-referrer').redirect(`/providers/${providerId}/session/${result.sessionId}`, 303);
  });

  async function sessionOf(params: unknown): Promise<GameSession> {
    const providerId = providerOf(params);
    const { sessionId } = parse(sessionParams, params);
    const session = await launches.session(providerId, sessionId);
    if (!session) throw new ProviderApiError(404, 'SESSION_NOT_FOUND', 'this game session has ended');
    return session;
  }

  app.get('/:providerId/session/:sessionId', async (request, reply) => {
    const providerId = providerOf(request.params);
    const session = await launches.session(providerId, parse(sessionParams, request.params).sessionId);
    const game = session && findGame(providerId, session.gameId);
    if (!session || !game) return html(reply, 410, gonePage(session?.language ?? 'lo', session?.returnUrl ?? null));
    const balance = (await wallet.balance(session)) ?? 0n;
    return html(
      reply,
      200,
      gamePage({
        providerId,
        game,
        language: session.language,
        returnUrl: session.returnUrl,
        betUrl: `${request.url.split('?')[0]}/bet`,
        balance: thb(balance),
      }),
    );
  });

  app.post('/:providerId/session/:sessionId/bet', async (request) => {
    const providerId = providerOf(request.params);
    const session = await sessionOf(request.params);
    const game = findGame(providerId, session.gameId);
    if (!game) throw new ProviderApiError(404, 'GAME_NOT_FOUND', 'no such game');
    const { amount, side } = parse(betBody, request.body);
    if (amount > MAX_STAKE) throw new ProviderApiError(400, 'VALIDATION_FAILED', 'amount: too large');
    const round =
      game.kind === 'slot'
        ? { kind: 'slot' as const, ...spinSlot(amount) }
        : { kind: 'baccarat' as const, side: side ?? 'PLAYER', ...dealBaccarat(side ?? 'PLAYER', amount) };
    const { payout, ...detail } = round;
    const bet = await wallet.settleBet({ ...session, gameId: game.id, amount, payout, detail });
    return { ...detail, betId: bet.betId, amount: thb(amount), payout: thb(payout), balance: thb(bet.balance) };
  });
}
