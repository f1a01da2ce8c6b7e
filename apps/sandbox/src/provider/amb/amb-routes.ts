import { AMB_CODES } from '@app/contracts';
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { findGame, gamesOf } from '../catalogue.js';
import { ProviderApiError } from '../errors.js';
import { installFaultHooks } from '../fault-hooks.js';
import { Members, playerIdOf } from '../members.js';
import { sentThb, thbWithCommas, type ProtocolDeps } from '../protocol-deps.js';
import { providerOf, thb } from '../wire.js';

const CODE = AMB_CODES;

class AmbError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
const ok = (result: unknown) => ({ code: CODE.OK, message: 'success', result });

type Body = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/**
 * The AMB partner API over the sandbox's wallet (docs/decisions/140-provider-protocols.md): the
 * partner key in the path, MD5 signatures ending with the agent's name (the client name for game
 * logins), answers with `code` (HTTP 200) and the data under `result`; the game list answers
 * `status` and `data.lists`. A transfer takes no reference: the sandbox makes its own.
 */
export async function ambRoutes(app: FastifyInstance, deps: ProtocolDeps) {
  const { wallet, launches, config } = deps;
  const members = new Members(deps.db, wallet);
  app.setErrorHandler((err, request, reply: FastifyReply) => {
    if (err instanceof AmbError) return reply.status(200).send({ code: err.code, message: err.message });
    if (err instanceof ProviderApiError && err.statusCode === 503)
      return reply.status(200).send({ code: CODE.MAINTENANCE, message: 'maintenance' });
    if (err instanceof ProviderApiError && err.statusCode === 403)
      return reply.status(200).send({ code: CODE.TRANSFER_REJECTED, message: err.message });
    const status = (err as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.status(200).send({ code: CODE.INVALID_REQUEST, message: (err as Error).message });
    request.log.warn({ err }, 'amb sandbox error');
    // a gateway's page, not AMB's JSON: what a 5xx from such an API looks like
    return reply.status(500).type('text/html').send('<html><body>500 Internal Server Error</body></html>');
  });
  installFaultHooks(app, deps.faults, deps.holds);

  const keyed = (key: string) => {
    if (key !== config.AMB_KEY) throw new AmbError(CODE.INVALID_SIGNATURE, 'invalid partner key');
  };
  const signed = (body: Body, values: string[], suffix: string) => {
    if (str(body.signature) !== md5([...values, suffix].join(':'))) throw new AmbError(CODE.INVALID_SIGNATURE, 'invalid signature');
  };
  const memberOf = async (providerId: string, member: string) => {
    const playerId = await members.find(providerId, member);
    if (!playerId) throw new AmbError(CODE.MEMBER_NOT_FOUND, 'member not found');
    return playerId;
  };

  app.post<{ Params: { key: string } }>('/create/:key', { config: { operation: 'players' } }, async (request) => {
    const providerId = providerOf(request.params);
    keyed(request.params.key);
    const body = (request.body ?? {}) as Body;
    const name = str(body.memberLoginName);
    const pass = str(body.memberLoginPass);
    signed(body, [name, pass], config.AMB_AGENT);
    const playerId = playerIdOf(name);
    if (!playerId || pass.length < 6) throw new AmbError(CODE.INVALID_REQUEST, 'memberLoginName or memberLoginPass invalid');
    const created = await members.create(providerId, name, playerId, pass, `amb:${config.AMB_AGENT}`, str(body.contact) || name);
    if (!created) throw new AmbError(CODE.MEMBER_EXISTS, 'member exists');
    return ok({ username: name });
  });

  app.get<{ Params: { key: string; member: string } }>('/credit/:key/:member', { config: { operation: 'balance' } }, async (request) => {
    const providerId = providerOf(request.params);
    keyed(request.params.key);
    const playerId = await memberOf(providerId, request.params.member);
    const balance = (await wallet.balance({ providerId, playerId })) ?? 0n;
    return ok({ username: request.params.member, credit: thbWithCommas(balance) });
  });

  for (const direction of ['IN', 'OUT'] as const) {
    const path = direction === 'IN' ? '/deposit/:key/:member' : '/withdraw/:key/:member';
    app.post<{ Params: { key: string; member: string } }>(path, { config: { operation: 'transfer' } }, async (request) => {
      const providerId = providerOf(request.params);
      keyed(request.params.key);
      const body = (request.body ?? {}) as Body;
      signed(body, [str(body.amount), request.params.member], config.AMB_AGENT);
      const amount = sentThb(body.amount);
      if (amount === null || amount === 0n) throw new AmbError(CODE.INVALID_AMOUNT, 'invalid amount');
      const playerId = await memberOf(providerId, request.params.member);
      const before = (await wallet.balance({ providerId, playerId })) ?? 0n;
      const ref = `T${randomUUID().replace(/-/g, '').slice(0, 20).toUpperCase()}`;
      const record = await wallet.transfer({
        providerId,
        playerId,
        reference: ref,
        direction,
        amount,
        agencyId: `amb:${config.AMB_AGENT}`,
        username: request.params.member,
        forceRefuse: request.forceRefuse === true,
      });
      if (record.status === 'REFUSED') {
        if (record.reason === 'INSUFFICIENT_BALANCE') throw new AmbError(CODE.INSUFFICIENT_CREDIT, 'credit not enough');
        if (record.reason === 'PLAYER_NOT_FOUND') throw new AmbError(CODE.MEMBER_NOT_FOUND, 'member not found');
        throw new AmbError(CODE.TRANSFER_REJECTED, 'transfer rejected');
      }
      return ok({ ref, before: thb(before), after: thb(record.balanceAfter ?? 0n), amount: thb(amount) });
    });
  }

  app.post<{ Params: { game: string; key: string } }>('/login/:game/:key', { config: { operation: 'launch' } }, async (request) => {
    const providerId = providerOf(request.params);
    keyed(request.params.key);
    const body = (request.body ?? {}) as Body;
    const username = str(body.username);
    signed(body, [username, str(body.password)], config.AMB_CLIENT);
    const playerId = await memberOf(providerId, username);
    if (!(await members.passwordMatches(providerId, username, str(body.password))))
      throw new AmbError(CODE.INVALID_REQUEST, 'wrong password');
    const game = findGame(providerId, str(body.gameId));
    if (!game || game.tab.toLowerCase() !== request.params.game) throw new AmbError(CODE.GAME_NOT_FOUND, 'game not found');
    const website = str(body.website);
    const returnUrl = /^https?:\/\//.test(website) ? website : deps.publicUrl();
    const token = await launches.createToken({ providerId, playerId, gameId: game.id, returnUrl, language: 'lo' });
    return {
      code: CODE.OK,
      message: 'success',
      url: `${deps.publicUrl()}/providers/${providerId}/launch?token=${encodeURIComponent(token)}`,
    };
  });

  app.get<{ Params: { key: string; member: string; ref: string } }>(
    '/winLose/:key/:member/:ref',
    { config: { operation: 'turnover' } },
    async (request) => {
      const providerId = providerOf(request.params);
      keyed(request.params.key);
      const playerId = await memberOf(providerId, request.params.member);
      const transfer = await wallet.transferByReference(providerId, request.params.ref);
      if (!transfer || transfer.playerId !== playerId) throw new AmbError(CODE.INVALID_REQUEST, 'reference not found');
      // per game code, as AMB's reports are: `amount` the turnover (what clients count a promotion's
      // turnover with), `wlAmount` the member's net win/lose (its yesterdayWinLose report's field)
      const play = await wallet.playSince({ providerId, playerId }, request.params.ref);
      return ok({ data: { GAME: { amount: thb(play.turnover), wlAmount: thb(play.winLose) } } });
    },
  );

  app.get<{ Params: { game: string; key: string } }>('/gameList/:game/:key', { config: { operation: 'games' } }, async (request) => {
    const providerId = providerOf(request.params);
    keyed(request.params.key);
    const game = request.params.game;
    const lists = gamesOf(providerId)
      .filter((g) => game === 'all' || g.tab.toLowerCase() === game)
      .map((g) => ({ gameId: g.id, gameName: g.name, imgUrl: g.imageUrl, category: g.tab }));
    return { status: CODE.OK, data: { lists } };
  });

  app.get<{ Params: { key: string } }>('/maintenanceTime/:key', async (request) => {
    providerOf(request.params);
    keyed(request.params.key);
    return { code: CODE.OK, message: 'success', result: [] };
  });
}
