import { BETFLIX_CODES } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { findGame, gamesOf } from '../catalogue.js';
import { ProviderApiError } from '../errors.js';
import { installFaultHooks } from '../fault-hooks.js';
import { Members, playerIdOf } from '../members.js';
import { sentThb, type ProtocolDeps } from '../protocol-deps.js';
import { providerOf, thb } from '../wire.js';

const CODE = BETFLIX_CODES;

class BetflixError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const ok = (data: unknown) => ({ error_code: CODE.OK, status: 'success', msg: 'success', data });
type Fields = Record<string, string | undefined>;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Betflix v4 over the sandbox's wallet (docs/decisions/140-provider-protocols.md): form-encoded
 * bodies, the `x-api-betflix` and `x-api-key` headers, answers with `error_code`, `status`, `msg`
 * and `data`. A transfer's `ref` is applied at most once (a repeat answers DUPLICATE_REF); the
 * credit history lists applied transfers by `ref`.
 */
export async function betflixRoutes(app: FastifyInstance, deps: ProtocolDeps) {
  const { wallet, launches, config } = deps;
  const members = new Members(deps.db, wallet);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.setErrorHandler((err, request, reply) => {
    const send = (code: number, msg: string) => reply.status(200).send({ error_code: code, status: 'error', msg });
    if (err instanceof BetflixError) return send(err.code, err.message);
    if (err instanceof ProviderApiError && err.statusCode === 503) return send(CODE.MAINTENANCE, 'maintenance');
    if (err instanceof ProviderApiError && err.statusCode === 403) return send(CODE.INVALID_REQUEST, err.message);
    const status = (err as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500) return send(CODE.INVALID_REQUEST, (err as Error).message);
    request.log.warn({ err }, 'betflix sandbox error');
    return reply.status(502).type('text/html').send('<html><body>502 Bad Gateway</body></html>');
  });
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.headers['x-api-key'] !== config.BETFLIX_KEY || request.headers['x-api-betflix'] !== config.BETFLIX_SECRET) {
      return done(new BetflixError(CODE.INVALID_KEY, 'invalid api key'));
    }
    done();
  });
  installFaultHooks(app, deps.faults, deps.holds);

  const userOf = async (providerId: string, username: string | undefined) => {
    const playerId = await members.find(providerId, username ?? '');
    if (!playerId) throw new BetflixError(CODE.USER_NOT_FOUND, 'user not found');
    return playerId;
  };
  const dates = (q: Fields) => {
    if (!DATE.test(q.start ?? '') || !DATE.test(q.end ?? '')) throw new BetflixError(CODE.INVALID_REQUEST, 'start and end: YYYY-MM-DD');
    return { start: q.start!, end: q.end! };
  };

  app.post('/user/register', { config: { operation: 'players' } }, async (request) => {
    const providerId = providerOf(request.params);
    const f = (request.body ?? {}) as Fields;
    const playerId = playerIdOf(f.username ?? '');
    if (!playerId || (f.password ?? '').length < 6) throw new BetflixError(CODE.INVALID_REQUEST, 'username or password invalid');
    const created = await members.create(providerId, f.username!, playerId, f.password!, 'betflix', f.name || f.username!);
    if (!created) throw new BetflixError(CODE.USER_EXISTS, 'username exists');
    return ok({ username: f.username });
  });

  app.post('/user/balance', { config: { operation: 'balance' } }, async (request) => {
    const providerId = providerOf(request.params);
    const f = (request.body ?? {}) as Fields;
    const playerId = await userOf(providerId, f.username);
    return ok({ username: f.username, balance: thb((await wallet.balance({ providerId, playerId })) ?? 0n) });
  });

  app.post('/user/transfer', { config: { operation: 'transfer' } }, async (request) => {
    const providerId = providerOf(request.params);
    const f = (request.body ?? {}) as Fields;
    const raw = (f.amount ?? '').trim();
    const amount = sentThb(raw.replace(/^-/, ''));
    const ref = f.ref ?? '';
    if (amount === null || amount === 0n) throw new BetflixError(CODE.INVALID_AMOUNT, 'invalid amount');
    if (!/^[A-Za-z0-9._:-]{1,100}$/.test(ref)) throw new BetflixError(CODE.INVALID_REQUEST, 'invalid ref');
    const playerId = await userOf(providerId, f.username);
    if (await wallet.transferByReference(providerId, ref)) throw new BetflixError(CODE.DUPLICATE_REF, 'duplicate ref');
    const before = (await wallet.balance({ providerId, playerId })) ?? 0n;
    const record = await wallet.transfer({
      providerId,
      playerId,
      reference: ref,
      direction: raw.startsWith('-') ? 'OUT' : 'IN',
      amount,
      agencyId: 'betflix',
      username: f.username!,
      forceRefuse: request.forceRefuse === true,
    });
    if (record.status === 'REFUSED') {
      if (record.reason === 'INSUFFICIENT_BALANCE') throw new BetflixError(CODE.INSUFFICIENT_BALANCE, 'balance not enough');
      throw new BetflixError(CODE.INVALID_REQUEST, 'transfer rejected');
    }
    return ok({ username: f.username, ref, before_balance: thb(before), balance: thb(record.balanceAfter ?? 0n) });
  });

  app.get('/user/creditHistory', { config: { operation: 'status' } }, async (request) => {
    const providerId = providerOf(request.params);
    const q = request.query as Fields;
    const { start, end } = dates(q);
    const playerId = await userOf(providerId, q.username);
    const rows = await members.history(providerId, playerId, start, end);
    return ok(rows.map((r) => ({ ref: r.reference, amount: thb(r.amount), balance: thb(r.balanceAfter), created_at: r.created_at })));
  });

  app.get('/report/summary', { config: { operation: 'turnover' } }, async (request) => {
    const providerId = providerOf(request.params);
    const q = request.query as Fields;
    const { start, end } = dates(q);
    const playerId = await userOf(providerId, q.username);
    const { stakes, payouts } = await members.betsBetween(providerId, playerId, start, end);
    return ok({ username: q.username, valid_amount: thb(stakes), turnover: thb(stakes), winloss: thb(payouts - stakes) });
  });

  app.get('/game/list', { config: { operation: 'games' } }, async (request) => {
    const providerId = providerOf(request.params);
    return ok(gamesOf(providerId).map((g) => ({ code: g.id, name: g.name, img: g.imageUrl, provider: g.tab })));
  });

  app.post('/play/login', { config: { operation: 'launch' } }, async (request) => {
    const providerId = providerOf(request.params);
    const f = (request.body ?? {}) as Fields;
    const playerId = await userOf(providerId, f.username);
    const game = findGame(providerId, f.gamecode ?? '');
    if (!game || game.tab !== f.provider) throw new BetflixError(CODE.GAME_NOT_FOUND, 'game not found');
    const language = f.language === 'thai' ? 'th' : /^[a-z]{2}$/.test(f.language ?? '') ? f.language! : 'lo';
    const returnUrl = /^https?:\/\//.test(f.return_url ?? '') ? f.return_url! : deps.publicUrl();
    const token = await launches.createToken({ providerId, playerId, gameId: game.id, returnUrl, language });
    return ok({ launch_url: `${deps.publicUrl()}/providers/${providerId}/launch?token=${encodeURIComponent(token)}` });
  });
}
