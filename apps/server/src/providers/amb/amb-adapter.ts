import { fromMinor, type ProviderId } from '@app/contracts';
import { memberName, memberPassword, providerThb } from '../login.js';
import {
  ProviderRequestError,
  ProviderUnavailableError,
  type GameCatalogue,
  type ProviderAdapter,
  type ProviderPlayer,
  type TransferOutcome,
  type TransferRequest,
  type TransferStatus,
} from '../types.js';
import { CatalogueCache, stringOrNull } from '../catalogue-cache.js';
import { AMB_CODES, ambCall, ambCodeName, ambSignature, type AmbAnswer } from './amb-wire.js';
import { MemoryWitnessStore, staleClaimMs, type AmbWitnessStore, type Witness } from './amb-witness.js';

export interface AmbOptions {
  id: ProviderId;
  baseUrl: string;
  /** the partner key, a path segment of every call */
  key: string;
  /** the agent's name, the suffix of member and transfer signatures */
  agent: string;
  /** the client name, the suffix of the game login's signature */
  client: string;
  timeoutMs: number;
  /** a transfer whose balance has not moved this long after it was sent is taken as never applied */
  settleMs?: number;
  /** where the balance witnesses are kept (the server: its database, seen by every instance) */
  witnesses?: AmbWitnessStore;
}

/** Refusals of a transfer that say it was not applied. Maintenance: not applied, but worth sending later. */
const REFUSALS = new Set<number>([
  AMB_CODES.MEMBER_NOT_FOUND,
  AMB_CODES.INSUFFICIENT_CREDIT,
  AMB_CODES.INVALID_SIGNATURE,
  AMB_CODES.INVALID_AMOUNT,
  AMB_CODES.TRANSFER_REJECTED,
  AMB_CODES.INVALID_REQUEST,
]);

/**
 * A provider reached through the AMB partner API (docs/decisions/140-provider-protocols.md). AMB
 * takes no transfer reference, so a transfer is never sent twice on a guess: the member's balance
 * is read before it is sent, and an answer that did not come is decided from the balance after
 * (moved by exactly the amount: applied; unmoved once `settleMs` has passed: never applied, so sent
 * again; anything else: held, and staff see it after the attention delay).
 */
export class AmbProviderAdapter implements ProviderAdapter {
  readonly id: ProviderId;
  private readonly witnesses: AmbWitnessStore;
  /** AMB's whole list (`gameList/all`); AMB's game code of a launch is the game's tab */
  private readonly catalogue: CatalogueCache;

  constructor(private readonly opts: AmbOptions) {
    this.id = opts.id;
    this.witnesses = opts.witnesses ?? new MemoryWitnessStore(staleClaimMs(opts.timeoutMs));
    this.catalogue = new CatalogueCache(
      opts.id,
      async () => {
        const result = this.expectOk(await this.call('GET', `/gameList/all/${encodeURIComponent(opts.key)}`), 'game list') as {
          lists?: unknown;
        } | null;
        return Array.isArray(result?.lists) ? result.lists : null;
      },
      (g) =>
        typeof g.gameId === 'string' && typeof g.gameName === 'string' && typeof g.category === 'string'
          ? { id: g.gameId, name: g.gameName, tab: g.category, imageUrl: stringOrNull(g.imgUrl) }
          : null,
    );
  }

  private get settleMs() {
    return this.opts.settleMs ?? this.opts.timeoutMs * 2;
  }

  private call(method: 'GET' | 'POST', path: string, body?: object) {
    return ambCall({ baseUrl: this.opts.baseUrl, timeoutMs: this.opts.timeoutMs }, method, path, body);
  }

  /** A read's answer: its result on code 0; else unavailable (no answer, maintenance) or a definite refusal. */
  private expectOk(answer: AmbAnswer, what: string): unknown {
    if (answer.kind === 'none') throw new ProviderUnavailableError(`${this.id}: ${what}: ${answer.reason}`);
    if (answer.code === AMB_CODES.OK) return answer.result;
    if (answer.code === AMB_CODES.MAINTENANCE) throw new ProviderUnavailableError(`${this.id}: ${what}: maintenance`);
    const name = answer.code === AMB_CODES.MEMBER_NOT_FOUND ? 'PLAYER_NOT_FOUND' : ambCodeName(answer.code);
    throw new ProviderRequestError(422, name, `${this.id}: ${what}: ${answer.message || name}`);
  }

  async ensurePlayer(player: ProviderPlayer): Promise<void> {
    const name = memberName(player.playerId);
    const pass = memberPassword(this.opts.key, player.playerId);
    const answer = await this.call('POST', `/create/${encodeURIComponent(this.opts.key)}`, {
      memberLoginName: name,
      memberLoginPass: pass,
      phoneNo: '',
      contact: player.username,
      signature: ambSignature([name, pass], this.opts.agent),
    });
    if (answer.kind === 'answer' && answer.code === AMB_CODES.MEMBER_EXISTS) return;
    this.expectOk(answer, 'member create');
  }

  async balance(player: ProviderPlayer): Promise<bigint | null> {
    const answer = await this.call('GET', `/credit/${encodeURIComponent(this.opts.key)}/${memberName(player.playerId)}`);
    if (answer.kind === 'answer' && answer.code === AMB_CODES.MEMBER_NOT_FOUND) return null;
    const result = this.expectOk(answer, 'credit') as { credit?: unknown } | null;
    const credit = providerThb(result?.credit);
    if (credit === null) throw new ProviderUnavailableError(`${this.id}: credit: unreadable answer`);
    return credit;
  }

  async transfer(req: TransferRequest): Promise<TransferOutcome> {
    const member = memberName(req.player.playerId);
    const blocking = await this.witnesses.claim(req.reference, this.id, req.player);
    // this transfer itself: another attempt sends or sent it; it is decided from the balance, never sent again
    if (blocking === req.reference) return { status: 'UNKNOWN', reason: 'not sent: another attempt of this transfer is under way' };
    if (blocking) {
      await this.witnesses.release(req.reference);
      return { status: 'UNKNOWN', reason: `not sent: transfer ${blocking} of this member is not decided yet` };
    }
    let before: bigint | null;
    try {
      before = await this.balance(req.player);
      if (before === null && req.direction === 'IN') {
        await this.ensurePlayer(req.player);
        before = 0n;
      }
    } catch (err) {
      await this.witnesses.release(req.reference);
      return { status: 'UNKNOWN', reason: `not sent: the balance before could not be read (${(err as Error).message})` };
    }
    if (before === null) {
      await this.witnesses.decided(req.reference);
      return { status: 'REFUSED', reason: 'PLAYER_NOT_FOUND' };
    }
    const amount = fromMinor(req.amountMinor, 'THB');
    const sentAt = Date.now();
    await this.witnesses.sent(req.reference, before, sentAt);
    const answer = await this.call(
      'POST',
      `/${req.direction === 'IN' ? 'deposit' : 'withdraw'}/${encodeURIComponent(this.opts.key)}/${member}`,
      {
        amount,
        signature: ambSignature([amount, member], this.opts.agent),
      },
    );
    if (answer.kind === 'answer') {
      if (answer.code === AMB_CODES.OK) {
        await this.witnesses.decided(req.reference);
        const ref = (answer.result as { ref?: unknown } | null)?.ref;
        return {
          status: 'POSTED',
          providerTransferId: typeof ref === 'string' || typeof ref === 'number' ? String(ref) : `amb:${req.reference}`,
        };
      }
      if (REFUSALS.has(answer.code)) {
        await this.witnesses.decided(req.reference);
        return { status: 'REFUSED', reason: ambCodeName(answer.code) };
      }
      if (answer.code === AMB_CODES.MAINTENANCE) {
        await this.witnesses.release(req.reference);
        return { status: 'UNKNOWN', reason: 'not applied: AMB is under maintenance' };
      }
    }
    const reason = answer.kind === 'none' ? answer.reason : `unexpected AMB code ${answer.code}`;
    const decided = await this.decide(req, reason, { sent: true, before, sentAt });
    return decided.status === 'NOT_FOUND' ? { status: 'UNKNOWN', reason: `${reason}; balance unmoved so far` } : decided;
  }

  async transferStatus(reference: string, request?: TransferRequest): Promise<TransferStatus> {
    const w = await this.witnesses.get(reference);
    if (!request || !w) return { status: 'UNKNOWN', reason: 'AMB cannot be asked by reference and no balance witness is kept of it' };
    if (!w.sent) return { status: 'NOT_FOUND' };
    return this.decide(request, 'answer not received', w);
  }

  /**
   * Decides an attempt whose answer did not come, from the member's balance now. Play during the
   * attempt moves the balance too: then it cannot be told, and staff decide from AMB's own records.
   */
  private async decide(req: TransferRequest, reason: string, w: Witness & { sent: true }): Promise<TransferStatus> {
    let now: bigint | null;
    try {
      now = await this.balance(req.player);
    } catch (err) {
      return { status: 'UNKNOWN', reason: `${reason}; balance unreadable (${(err as Error).message})` };
    }
    const delta = (now ?? 0n) - w.before;
    const expected = req.direction === 'IN' ? req.amountMinor : -req.amountMinor;
    if (delta === expected) {
      await this.witnesses.decided(req.reference);
      return { status: 'POSTED', providerTransferId: `amb-balance:${w.before}>${now}` };
    }
    if (delta === 0n && Date.now() - w.sentAt >= this.settleMs) {
      await this.witnesses.release(req.reference);
      return { status: 'NOT_FOUND' };
    }
    return { status: 'UNKNOWN', reason: `${reason}; balance moved by ${delta} since the attempt (expected ${expected} or 0)` };
  }

  async games(tab?: string): Promise<GameCatalogue> {
    return this.catalogue.tab(tab);
  }

  async launch(req: { player: ProviderPlayer; gameId: string; returnUrl: string; language: string }): Promise<{ url: string }> {
    const game = await this.catalogue.game(req.gameId);
    const username = memberName(req.player.playerId);
    const password = memberPassword(this.opts.key, req.player.playerId);
    const answer = await this.call('POST', `/login/${encodeURIComponent(game.tab.toLowerCase())}/${encodeURIComponent(this.opts.key)}`, {
      username,
      password,
      isMobile: true,
      gameId: req.gameId,
      website: req.returnUrl,
      signature: ambSignature([username, password], this.opts.client),
    });
    this.expectOk(answer, 'login');
    const url = answer.kind === 'answer' ? (answer.body.url ?? answer.result) : null;
    if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw new ProviderUnavailableError(`${this.id}: login: no launch URL`);
    return { url };
  }

  /** AMB's turnover since a deposit (promotions): the sum of `amount` over the game codes of its win/lose report. */
  async turnoverSince(player: ProviderPlayer, _reference: string, providerReference?: string | null): Promise<bigint> {
    const play = providerReference ? await this.playSince(player, providerReference) : null;
    if (!play) throw new ProviderUnavailableError(`${this.id}: the deposit has no AMB reference to count win/lose from`);
    return play.turnover;
  }

  /**
   * AMB's win/lose report since a deposit, keyed by AMB's own reference of it (`winLose/{key}/{member}/{ref}`,
   * a GET with nothing signed): per game code, `amount` the turnover (what public clients count a
   * promotion's turnover with) and `wlAmount` the member's net win/lose (negative: the member lost;
   * the field of AMB's per-member day report), each summed. The turnover must be readable in every
   * game; the win/lose is null unless it is in every game. Null for a reference AMB did not give (a
   * transfer decided from the balance): AMB cannot be asked about it.
   */
  async playSince(player: ProviderPlayer, providerReference: string): Promise<{ turnover: bigint; winLose: bigint | null } | null> {
    if (!isAmbReference(providerReference)) return null;
    const path = `/winLose/${encodeURIComponent(this.opts.key)}/${memberName(player.playerId)}/${encodeURIComponent(providerReference)}`;
    const result = this.expectOk(await this.call('GET', path), 'win/lose') as { data?: unknown } | null;
    if (typeof result?.data !== 'object' || result.data === null)
      throw new ProviderUnavailableError(`${this.id}: win/lose: unreadable answer`);
    let turnover = 0n;
    let winLose: bigint | null = 0n;
    for (const row of Object.values(result.data as Record<string, { amount?: unknown; wlAmount?: unknown }>)) {
      const amount = providerThb(row?.amount);
      if (amount === null) throw new ProviderUnavailableError(`${this.id}: win/lose: unreadable amount`);
      turnover += amount;
      const net = row?.wlAmount === undefined ? null : providerThb(row.wlAmount);
      if (row?.wlAmount !== undefined && net === null) throw new ProviderUnavailableError(`${this.id}: win/lose: unreadable wlAmount`);
      winLose = winLose === null || net === null ? null : winLose + net;
    }
    return { turnover, winLose };
  }
}

/** AMB's own reference of a transfer (its deposit answer's `ref`), not one we made up when the answer was lost. */
const isAmbReference = (id: string) => !id.startsWith('amb-balance:') && !id.startsWith('amb:');
