import type { ProviderId } from '@app/contracts';

/**
 * The transfer-wallet game provider interface of DESIGN.md §4: one implementation per provider,
 * all talking HTTP with timeouts. Amounts are THB minor units (satang) as bigint.
 */
export interface ProviderPlayer {
  playerId: string;
  agencyId: string;
  username: string;
}

/** IN: credit moves to the provider (deposit). OUT: credit comes back from the provider (withdraw). */
export type TransferDirection = 'IN' | 'OUT';

export interface TransferRequest {
  /** our unique reference; the provider applies a reference at most once */
  reference: string;
  direction: TransferDirection;
  player: ProviderPlayer;
  amountMinor: bigint;
}

export type TransferOutcome =
  /** definitely applied */
  | { status: 'POSTED'; providerTransferId: string }
  /** definitely not applied (insufficient balance, account locked, bad request) */
  | { status: 'REFUSED'; reason: string }
  /** may or may not be applied (timeout, 5xx, connection reset): ask transferStatus later */
  | { status: 'UNKNOWN'; reason: string };

export type TransferStatus = TransferOutcome | { status: 'NOT_FOUND' };

/** One transfer the provider applied, as its own history lists it (docs/decisions/142). */
export interface ProviderTransferEntry {
  reference: string;
  /** THB minor, signed: positive credit in, negative credit out */
  amountMinor: bigint;
  at: Date;
}

export interface GameInfo {
  id: string;
  name: string;
  tab: string;
  imageUrl: string | null;
}

export interface GameCatalogue {
  tabs: string[];
  games: GameInfo[];
}

export interface ProviderAdapter {
  readonly id: ProviderId;
  ensurePlayer(player: ProviderPlayer): Promise<void>;
  /** the player's balance there; null when the player has no account there yet */
  balance(player: ProviderPlayer): Promise<bigint | null>;
  transfer(req: TransferRequest): Promise<TransferOutcome>;
  /**
   * What became of a transfer sent before. The request rides along for protocols that cannot look a
   * transfer up by our reference (AMB): they decide from the player's balance around the attempt.
   */
  transferStatus(reference: string, request?: TransferRequest): Promise<TransferStatus>;
  /**
   * The transfers the provider applied to this player between two instants (its credit history),
   * oldest first; absent where the protocol keeps none a partner can read (AMB).
   */
  transfersBetween?(player: ProviderPlayer, from: Date, to: Date): Promise<ProviderTransferEntry[]>;
  /**
   * The player's play since the transfer the provider knows by `providerReference`: turnover and net
   * win/lose (THB minor, negative: the player lost); present where the protocol reports both (AMB's
   * win/lose report), read by the balance reconciliation (docs/decisions/146). Null when the
   * reference is not the provider's own (a transfer decided from the balance has none); `winLose`
   * null when the report does not carry it.
   */
  playSince?(player: ProviderPlayer, providerReference: string): Promise<{ turnover: bigint; winLose: bigint | null } | null>;
  games(tab?: string): Promise<GameCatalogue>;
  launch(req: { player: ProviderPlayer; gameId: string; returnUrl: string; language: string }): Promise<{ url: string }>;
  /**
   * amount bet (THB minor) since the transfer with this reference; `providerReference` is the
   * provider's own id of that transfer, which some reports are keyed by (AMB's win/lose)
   */
  turnoverSince(player: ProviderPlayer, reference: string, providerReference?: string | null): Promise<bigint>;
}

/** Finds a provider's adapter by id (the registry, or a stand-in in tests). */
export interface ProviderLookup {
  get(id: string): ProviderAdapter;
}

/** A read that could not be answered now (maintenance, 5xx, timeout). Maps to PROVIDER_UNAVAILABLE. */
export class ProviderUnavailableError extends Error {}

/**
 * A definite answer from the provider to a non-transfer call that is not a success (unknown game,
 * no account there, bad request): retrying will not help. `code` is the provider's error code,
 * e.g. GAME_NOT_FOUND, PLAYER_NOT_FOUND, TRANSFER_NOT_FOUND.
 */
export class ProviderRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message?: string,
  ) {
    super(message ?? code);
  }
}
