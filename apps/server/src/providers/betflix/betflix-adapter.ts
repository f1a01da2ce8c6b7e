import { fromMinor, type ProviderId } from '@app/contracts';
import { memberName, memberPassword, providerThb } from '../login.js';
import { ProviderRequestError, ProviderUnavailableError } from '../types.js';
import type {
  GameCatalogue,
  ProviderAdapter,
  ProviderPlayer,
  ProviderTransferEntry,
  TransferOutcome,
  TransferRequest,
  TransferStatus,
} from '../types.js';
import { CatalogueCache, stringOrNull } from '../catalogue-cache.js';
import { BETFLIX_CODES, betflixCall, betflixCodeName, betflixDate, type BetflixAnswer, type BetflixCallOptions } from './betflix-wire.js';

export interface BetflixOptions extends BetflixCallOptions {
  id: ProviderId;
}

const DAY = 86_400_000;
/** how far back the credit history is searched for a transfer: the attention delay is far shorter */
const HISTORY_DAYS = 31;
const REFUSALS = new Set<number>([
  BETFLIX_CODES.USER_NOT_FOUND,
  BETFLIX_CODES.INSUFFICIENT_BALANCE,
  BETFLIX_CODES.INVALID_KEY,
  BETFLIX_CODES.INVALID_AMOUNT,
  BETFLIX_CODES.INVALID_REQUEST,
]);

interface HistoryEntry {
  ref: string;
  amount: bigint;
  at: number;
}

/**
 * A provider reached through Betflix v4 (docs/decisions/140-provider-protocols.md). Each transfer
 * carries our reference as `ref` and a signed amount (negative: out of the game); an answer that
 * did not come is decided from the member's credit history, searched for that `ref`.
 */
export class BetflixProviderAdapter implements ProviderAdapter {
  readonly id: ProviderId;
  /** every game at once; Betflix's `provider` of a launch is the game's tab */
  private readonly catalogue: CatalogueCache;

  constructor(private readonly opts: BetflixOptions) {
    this.id = opts.id;
    this.catalogue = new CatalogueCache(
      opts.id,
      async () => {
        const data = this.expectOk(await this.call('GET', '/game/list', {}), 'game list');
        return Array.isArray(data) ? data : null;
      },
      (g) =>
        typeof g.code === 'string' && typeof g.name === 'string' && typeof g.provider === 'string'
          ? { id: g.code, name: g.name, tab: g.provider, imageUrl: stringOrNull(g.img) }
          : null,
    );
  }

  private call(method: 'GET' | 'POST', path: string, params: Record<string, string>) {
    return betflixCall(this.opts, method, path, params);
  }

  private expectOk(answer: BetflixAnswer, what: string): unknown {
    if (answer.kind === 'none') throw new ProviderUnavailableError(`${this.id}: ${what}: ${answer.reason}`);
    if (answer.code === BETFLIX_CODES.OK) return answer.data;
    if (answer.code === BETFLIX_CODES.MAINTENANCE) throw new ProviderUnavailableError(`${this.id}: ${what}: maintenance`);
    const name = answer.code === BETFLIX_CODES.USER_NOT_FOUND ? 'PLAYER_NOT_FOUND' : betflixCodeName(answer.code);
    throw new ProviderRequestError(422, name, `${this.id}: ${what}: ${answer.msg || name}`);
  }

  async ensurePlayer(player: ProviderPlayer): Promise<void> {
    const answer = await this.call('POST', '/user/register', {
      username: memberName(player.playerId),
      password: memberPassword(this.opts.key, player.playerId),
    });
    if (answer.kind === 'answer' && answer.code === BETFLIX_CODES.USER_EXISTS) return;
    this.expectOk(answer, 'register');
  }

  async balance(player: ProviderPlayer): Promise<bigint | null> {
    const answer = await this.call('POST', '/user/balance', { username: memberName(player.playerId) });
    if (answer.kind === 'answer' && answer.code === BETFLIX_CODES.USER_NOT_FOUND) return null;
    const data = this.expectOk(answer, 'balance') as { balance?: unknown } | null;
    const balance = providerThb(data?.balance);
    if (balance === null) throw new ProviderUnavailableError(`${this.id}: balance: unreadable answer`);
    return balance;
  }

  async transfer(req: TransferRequest): Promise<TransferOutcome> {
    if (req.direction === 'IN') {
      try {
        await this.ensurePlayer(req.player);
      } catch (err) {
        if (err instanceof ProviderRequestError) return { status: 'REFUSED', reason: err.code };
        return { status: 'UNKNOWN', reason: `not sent: register failed (${(err as Error).message})` };
      }
    }
    const amount = fromMinor(req.direction === 'IN' ? req.amountMinor : -req.amountMinor, 'THB');
    const answer = await this.call('POST', '/user/transfer', { username: memberName(req.player.playerId), amount, ref: req.reference });
    if (answer.kind === 'answer') {
      if (answer.code === BETFLIX_CODES.OK) return { status: 'POSTED', providerTransferId: req.reference };
      if (REFUSALS.has(answer.code)) return { status: 'REFUSED', reason: betflixCodeName(answer.code) };
      if (answer.code === BETFLIX_CODES.MAINTENANCE) return { status: 'UNKNOWN', reason: 'not applied: Betflix is under maintenance' };
    }
    // no answer, or the ref already used (a first attempt applied): the credit history says which
    const reason = answer.kind === 'none' ? answer.reason : `Betflix ${betflixCodeName(answer.code)}`;
    const status = await this.transferStatus(req.reference, req);
    if (status.status === 'NOT_FOUND') return { status: 'UNKNOWN', reason: `${reason}; not in the credit history yet` };
    return status.status === 'UNKNOWN' ? { status: 'UNKNOWN', reason: `${reason}; ${status.reason}` } : status;
  }

  async transferStatus(reference: string, request?: TransferRequest): Promise<TransferStatus> {
    if (!request) return { status: 'UNKNOWN', reason: 'Betflix credit history is read per member: the transfer is needed' };
    let entry: HistoryEntry | null;
    try {
      entry = await this.historyEntry(request.player, reference);
    } catch (err) {
      return { status: 'UNKNOWN', reason: `credit history unreadable (${(err as Error).message})` };
    }
    if (!entry) return { status: 'NOT_FOUND' };
    const expected = request.direction === 'IN' ? request.amountMinor : -request.amountMinor;
    if (entry.amount !== expected)
      return { status: 'UNKNOWN', reason: `ref ${reference} in the history with amount ${entry.amount}, not ${expected}` };
    return { status: 'POSTED', providerTransferId: reference };
  }

  /** The member's credit history entry with this ref, searched over the last HISTORY_DAYS days. */
  private async historyEntry(player: ProviderPlayer, ref: string): Promise<HistoryEntry | null> {
    const now = Date.now();
    const entries = await this.transfersBetween(player, new Date(now - HISTORY_DAYS * DAY), new Date(now + DAY));
    const entry = entries.find((e) => e.reference === ref);
    return entry ? { ref, amount: entry.amountMinor, at: entry.at.getTime() } : null;
  }

  /** The member's credit history (`creditHistory`) between two instants: each entry's `ref`, signed amount and time. */
  async transfersBetween(player: ProviderPlayer, from: Date, to: Date): Promise<ProviderTransferEntry[]> {
    const data = this.expectOk(
      await this.call('GET', '/user/creditHistory', {
        username: memberName(player.playerId),
        start: betflixDate(from.getTime()),
        end: betflixDate(to.getTime()),
      }),
      'credit history',
    );
    if (!Array.isArray(data)) throw new ProviderUnavailableError(`${this.id}: credit history: unreadable answer`);
    // the history is asked by whole (Thai) days: only the entries between the two instants are answered
    const entries = (data as Record<string, unknown>[]).map((row) => {
      const amount = providerThb(row.amount);
      const at = typeof row.created_at === 'string' ? Date.parse(row.created_at) : NaN;
      if (typeof row.ref !== 'string' || amount === null || Number.isNaN(at))
        throw new ProviderUnavailableError(`${this.id}: credit history: unreadable entry`);
      return { reference: row.ref, amountMinor: amount, at: new Date(at) };
    });
    return entries.filter((e) => e.at >= from && e.at < to);
  }

  async games(tab?: string): Promise<GameCatalogue> {
    return this.catalogue.tab(tab);
  }

  async launch(req: { player: ProviderPlayer; gameId: string; returnUrl: string; language: string }): Promise<{ url: string }> {
    const game = await this.catalogue.game(req.gameId);
    const data = this.expectOk(
      await this.call('POST', '/play/login', {
        username: memberName(req.player.playerId),
        provider: game.tab,
        gamecode: req.gameId,
        language: req.language === 'th' ? 'thai' : req.language,
        return_url: req.returnUrl,
      }),
      'play login',
    ) as { launch_url?: unknown } | null;
    const url = data?.launch_url;
    if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw new ProviderUnavailableError(`${this.id}: play login: no launch URL`);
    return { url };
  }

  /**
   * Betflix's report summary (`valid_amount`) from the day of the deposit with this reference to
   * today: the report counts whole days, so bets earlier on the deposit's day count too.
   */
  async turnoverSince(player: ProviderPlayer, reference: string): Promise<bigint> {
    const entry = await this.historyEntry(player, reference);
    if (!entry) throw new ProviderRequestError(404, 'TRANSFER_NOT_FOUND', `${this.id}: ${reference} is not in the credit history`);
    const data = this.expectOk(
      await this.call('GET', '/report/summary', {
        username: memberName(player.playerId),
        start: betflixDate(entry.at),
        end: betflixDate(Date.now()),
      }),
      'report summary',
    ) as { valid_amount?: unknown } | null;
    const valid = providerThb(data?.valid_amount);
    if (valid === null) throw new ProviderUnavailableError(`${this.id}: report summary: unreadable answer`);
    return valid;
  }
}
