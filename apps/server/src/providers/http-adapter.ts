import { z } from 'zod';
import { fromMinor, toMinor, type ProviderId } from '@app/contracts';
import { answerJson, httpRequest } from '../http-client.js';
import { signedHeaders } from '../http-signing.js';
import { ProviderRequestError, ProviderUnavailableError } from './types.js';
import type {
  GameCatalogue,
  ProviderAdapter,
  ProviderPlayer,
  ProviderTransferEntry,
  TransferOutcome,
  TransferRequest,
  TransferStatus,
} from './types.js';

export interface HttpProviderOptions {
  id: ProviderId;
  /** e.g. http://127.0.0.1:3100/providers/gclub (no trailing slash needed) */
  baseUrl: string;
  secret: string;
  timeoutMs: number;
}

/** What came back: an answer with a status, or nothing we can rely on (timeout, reset, refused connection). */
type Answer =
  { ok: true; status: number; json: unknown } | { ok: false; status: number; code: string; json: unknown } | { ok: null; reason: string };

const thb = z.string().transform((v, ctx) => {
  try {
    return toMinor(v, 'THB');
  } catch {
    ctx.addIssue({ code: 'custom', message: 'not a THB amount' });
    return z.NEVER;
  }
});
const transferSchema = z.object({
  transfer: z.object({ transferId: z.string(), status: z.enum(['POSTED', 'REFUSED']), reason: z.string().nullable() }),
});
const balanceSchema = z.object({ balance: thb });
const turnoverSchema = z.object({ turnover: thb });
const catalogueSchema = z.object({
  tabs: z.array(z.string()),
  games: z.array(z.object({ id: z.string(), name: z.string(), tab: z.string(), imageUrl: z.string().nullable() })),
});
const launchSchema = z.object({ url: z.url() });
const historySchema = z.object({
  transfers: z.array(z.object({ reference: z.string(), direction: z.enum(['IN', 'OUT']), amount: thb, createdAt: z.iso.datetime() })),
});

/** Statuses that say "not now" rather than "no": the request may still be applied later or elsewhere. */
const NOT_DEFINITE = new Set([408, 425, 429]);

/**
 * The HTTP client of one transfer-wallet provider (DESIGN.md §4): every call signed, every call
 * bounded by the timeout. A transfer's answer is only ever POSTED on a 2xx, REFUSED on a definite
 * 4xx, and UNKNOWN otherwise (timeout, network error, 5xx): we never guess.
 */
export class HttpProviderAdapter implements ProviderAdapter {
  readonly id: ProviderId;
  private readonly base: string;

  constructor(private readonly opts: HttpProviderOptions) {
    this.id = opts.id;
    this.base = opts.baseUrl.replace(/\/+$/, '');
  }

  async ensurePlayer(player: ProviderPlayer): Promise<void> {
    await this.read('ensurePlayer', 'POST', '/players', z.unknown(), {
      playerId: player.playerId,
      agencyId: player.agencyId,
      username: player.username,
    });
  }

  async balance(player: ProviderPlayer): Promise<bigint | null> {
    try {
      const res = await this.read('balance', 'GET', `/players/${encodeURIComponent(player.playerId)}/balance`, balanceSchema);
      return res.balance;
    } catch (err) {
      if (err instanceof ProviderRequestError && err.code === 'PLAYER_NOT_FOUND') return null;
      throw err;
    }
  }

  async transfer(req: TransferRequest): Promise<TransferOutcome> {
    const answer = await this.call('transfer', 'POST', '/transfers', {
      reference: req.reference,
      direction: req.direction,
      playerId: req.player.playerId,
      agencyId: req.player.agencyId,
      username: req.player.username,
      amount: fromMinor(req.amountMinor, 'THB'),
    });
    if (answer.ok === null) return { status: 'UNKNOWN', reason: answer.reason };
    if (answer.ok) {
      const parsed = transferSchema.safeParse(answer.json);
      if (parsed.success && parsed.data.transfer.status === 'POSTED') {
        return { status: 'POSTED', providerTransferId: parsed.data.transfer.transferId };
      }
      return { status: 'UNKNOWN', reason: `unreadable ${answer.status} answer` };
    }
    if (answer.status < 500 && !NOT_DEFINITE.has(answer.status)) return { status: 'REFUSED', reason: answer.code };
    return { status: 'UNKNOWN', reason: `${answer.status} ${answer.code}` };
  }

  async transferStatus(reference: string): Promise<TransferStatus> {
    const answer = await this.call('transferStatus', 'GET', `/transfers/${encodeURIComponent(reference)}`);
    if (answer.ok === null) return { status: 'UNKNOWN', reason: answer.reason };
    if (answer.ok) {
      const parsed = transferSchema.safeParse(answer.json);
      if (!parsed.success) return { status: 'UNKNOWN', reason: `unreadable ${answer.status} answer` };
      const t = parsed.data.transfer;
      return t.status === 'POSTED'
        ? { status: 'POSTED', providerTransferId: t.transferId }
        : { status: 'REFUSED', reason: t.reason ?? 'REFUSED' };
    }
    // only the provider's own "no such transfer" means never applied; a bare 404 may be a wrong URL
    if (answer.status === 404 && answer.code === 'TRANSFER_NOT_FOUND') return { status: 'NOT_FOUND' };
    return { status: 'UNKNOWN', reason: `${answer.status} ${answer.code}` };
  }

  async transfersBetween(player: ProviderPlayer, from: Date, to: Date): Promise<ProviderTransferEntry[]> {
    const query = `from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;
    const res = await this.read('transfers', 'GET', `/players/${encodeURIComponent(player.playerId)}/transfers?${query}`, historySchema);
    return res.transfers.map((t) => ({
      reference: t.reference,
      amountMinor: t.direction === 'IN' ? t.amount : -t.amount,
      at: new Date(t.createdAt),
    }));
  }

  async games(tab?: string): Promise<GameCatalogue> {
    return this.read('games', 'GET', tab === undefined ? '/games' : `/games?tab=${encodeURIComponent(tab)}`, catalogueSchema);
  }

  async launch(req: { player: ProviderPlayer; gameId: string; returnUrl: string; language: string }): Promise<{ url: string }> {
    return this.read('launch', 'POST', '/launch', launchSchema, {
      playerId: req.player.playerId,
      gameId: req.gameId,
      returnUrl: req.returnUrl,
      language: req.language,
    });
  }

  async turnoverSince(player: ProviderPlayer, reference: string): Promise<bigint> {
    const path = `/players/${encodeURIComponent(player.playerId)}/turnover?since=${encodeURIComponent(reference)}`;
    return (await this.read('turnover', 'GET', path, turnoverSchema)).turnover;
  }

  /** A read (or an idempotent write): the parsed answer, ProviderRequestError on a definite 4xx, else unavailable. */
  private async read<S extends z.ZodType>(
    operation: string,
    method: 'GET' | 'POST',
    path: string,
    schema: S,
    body?: object,
  ): Promise<z.infer<S>> {
    const answer = await this.call(operation, method, path, body);
    if (answer.ok === null) throw new ProviderUnavailableError(`${this.id}: ${answer.reason}`);
    if (!answer.ok) {
      if (answer.status < 500 && !NOT_DEFINITE.has(answer.status)) {
        throw new ProviderRequestError(answer.status, answer.code, `${this.id}: ${answer.code}`);
      }
      throw new ProviderUnavailableError(`${this.id}: ${answer.status} ${answer.code}`);
    }
    const parsed = schema.safeParse(answer.json);
    if (!parsed.success) throw new ProviderUnavailableError(`${this.id}: unreadable answer to ${method} ${path}`);
    return parsed.data;
  }

  /** One exchange; `operation` names it in the metrics (never the path, which carries ids). */
  private async call(operation: string, method: 'GET' | 'POST', path: string, body?: object): Promise<Answer> {
    const url = new URL(this.base + path);
    const text = body === undefined ? '' : JSON.stringify(body);
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...signedHeaders(this.opts.secret, method, url.pathname + url.search, text),
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    try {
      const res = await httpRequest(url, {
        method,
        headers,
        ...(body === undefined ? {} : { body: text }),
        timeoutMs: this.opts.timeoutMs,
        call: { kind: 'provider', adapter: this.id, operation },
      });
      const json = answerJson(res);
      if (res.status >= 200 && res.status < 300) return { ok: true, status: res.status, json };
      const code = (json as { error?: { code?: unknown } } | null)?.error?.code;
      return { ok: false, status: res.status, code: typeof code === 'string' ? code : `HTTP_${res.status}`, json };
    } catch (err) {
      const name = err instanceof Error ? err.name : '';
      if (name === 'TimeoutError' || name === 'AbortError') {
        return { ok: null, reason: `no answer within ${this.opts.timeoutMs} ms` };
      }
      return { ok: null, reason: `network error: ${err instanceof Error ? err.message : String(err)}` };
    }
  }
}
