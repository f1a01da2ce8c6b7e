import type { SandboxDb, SandboxQueries } from '../db.js';
import { ProviderApiError } from './errors.js';

export interface PlayerRef {
  providerId: string;
  playerId: string;
}

export interface TransferInput extends PlayerRef {
  reference: string;
  direction: 'IN' | 'OUT';
  amount: bigint;
  agencyId: string;
  username: string;
  /** a fault knob: record this transfer as refused whatever the balance */
  forceRefuse?: boolean;
}

export interface TransferRecord {
  transferId: string;
  reference: string;
  playerId: string;
  direction: 'IN' | 'OUT';
  amount: bigint;
  status: 'POSTED' | 'REFUSED';
  reason: string | null;
  balanceAfter: bigint | null;
}

interface TransferRow {
  id: string;
  reference: string;
  player_id: string;
  direction: 'IN' | 'OUT';
  amount: string;
  status: 'POSTED' | 'REFUSED';
  reason: string | null;
  balance_after: string | null;
}

const TRANSFER_COLUMNS = 'id::text, reference, player_id, direction, amount::text, status, reason, balance_after::text';

const toRecord = (r: TransferRow): TransferRecord => ({
  transferId: r.id,
  reference: r.reference,
  playerId: r.player_id,
  direction: r.direction,
  amount: BigInt(r.amount),
  status: r.status,
  reason: r.reason,
  balanceAfter: r.balance_after === null ? null : BigInt(r.balance_after),
});

/** Player accounts, balances and transfers of the sandbox provider; money as bigint satang, read back as text. */
export class ProviderWallet {
  constructor(private readonly db: SandboxDb) {}

  async ensurePlayer(p: PlayerRef & { agencyId: string; username: string }, tx: SandboxQueries = this.db) {
    const res = await tx.query<{ created: boolean }>(
      `INSERT INTO provider_players (provider_id, player_id, agency_id, username) VALUES ($1, $2, $3, $4)
       ON CONFLICT (provider_id, player_id) DO NOTHING RETURNING true AS created`,
      [p.providerId, p.playerId, p.agencyId, p.username],
    );
    return { created: res.rows.length > 0 };
  }

  /** null when the player has no account here */
  async balance(p: PlayerRef, tx: SandboxQueries = this.db): Promise<bigint | null> {
    const res = await tx.query<{ balance: string }>(
      'SELECT balance::text AS balance FROM provider_players WHERE provider_id = $1 AND player_id = $2',
      [p.providerId, p.playerId],
    );
    const row = res.rows[0];
    return row ? BigInt(row.balance) : null;
  }

  async transferByReference(providerId: string, reference: string, tx: SandboxQueries = this.db) {
    const res = await tx.query<TransferRow>(
      `SELECT ${TRANSFER_COLUMNS} FROM provider_transfers WHERE provider_id = $1 AND reference = $2`,
      [providerId, reference],
    );
    return res.rows[0] ? toRecord(res.rows[0]) : null;
  }

  /**
   * The provider's agent takes an applied transfer back (demo and test knob: a provider that loses a
   * transfer): it is REFUSED from then on and its credit undone. Answers the balance after, or null
   * when no applied transfer has this reference.
   */
  async reverse(providerId: string, reference: string): Promise<bigint | null> {
    const res = await this.db.query<{ balance: string }>(
      `WITH t AS (
         UPDATE provider_transfers SET status = 'REFUSED', reason = 'REVERSED_BY_AGENT', balance_after = NULL
          WHERE provider_id = $1 AND reference = $2 AND status = 'POSTED'
          RETURNING player_id, CASE WHEN direction = 'IN' THEN amount ELSE -amount END AS delta)
       UPDATE provider_players p SET balance = p.balance - t.delta FROM t
        WHERE p.provider_id = $1 AND p.player_id = t.player_id
        RETURNING p.balance::text AS balance`,
      [providerId, reference],
    );
    return res.rows[0] ? BigInt(res.rows[0].balance) : null;
  }

  /** A player's transfers, oldest first: what a provider's agent back office lists for a member. */
  async transfersOf(p: PlayerRef): Promise<(TransferRecord & { createdAt: string })[]> {
    const res = await this.db.query<TransferRow & { created_at: string }>(
      `SELECT ${TRANSFER_COLUMNS}, to_json(created_at) #>> '{}' AS created_at FROM provider_transfers
        WHERE provider_id = $1 AND player_id = $2 ORDER BY id`,
      [p.providerId, p.playerId],
    );
    return res.rows.map((r) => ({ ...toRecord(r), createdAt: r.created_at }));
  }

  /**
   * Applies a transfer at most once per (provider, reference). A repeat with the same parameters
   * answers the first result, refusals included; a repeat with other parameters is a conflict.
   * One statement: the database function `provider_transfer` (schema.ts).
   */
  async transfer(input: TransferInput): Promise<TransferRecord> {
    const res = await this.db.query<TransferRow & { conflict: boolean }>(
      `SELECT out_conflict AS conflict, out_id AS id, out_reference AS reference, out_player_id AS player_id, out_direction AS direction,
              out_amount AS amount, out_status AS status, out_reason AS reason, out_balance_after AS balance_after
         FROM provider_transfer($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        input.providerId,
        input.reference,
        input.playerId,
        input.direction,
        input.amount.toString(),
        input.agencyId,
        input.username,
        input.forceRefuse === true,
      ],
      // a named statement: parsed and planned once per connection (db.ts)
      'provider_transfer',
    );
    const row = res.rows[0]!;
    if (row.conflict) throw new ProviderApiError(409, 'REFERENCE_CONFLICT', 'this reference was used for another transfer');
    return toRecord(row);
  }

  /** Sum of the player's bets placed after the transfer with this reference (the shared sequence orders them). */
  async turnoverSince(p: PlayerRef, reference: string): Promise<bigint> {
    return (await this.playSince(p, reference)).turnover;
  }

  /**
   * The player's play after the transfer with this reference: the amount bet (turnover) and the
   * member's net win/lose (payouts less stakes: negative when the member lost).
   */
  async playSince(p: PlayerRef, reference: string): Promise<{ turnover: bigint; winLose: bigint }> {
    const transfer = await this.transferByReference(p.providerId, reference);
    if (!transfer || transfer.playerId !== p.playerId) {
      throw new ProviderApiError(404, 'TRANSFER_NOT_FOUND', 'no transfer with this reference for this player');
    }
    const res = await this.db.query<{ turnover: string; win_lose: string }>(
      `SELECT coalesce(sum(amount), 0)::text AS turnover, coalesce(sum(payout - amount), 0)::text AS win_lose FROM provider_bets
       WHERE provider_id = $1 AND player_id = $2 AND id > $3`,
      [p.providerId, p.playerId, transfer.transferId],
    );
    return { turnover: BigInt(res.rows[0]!.turnover), winLose: BigInt(res.rows[0]!.win_lose) };
  }

  /** A settled bet: the stake leaves the balance, the payout (0 on a loss) comes back, in one step. */
  async settleBet(p: PlayerRef & { gameId: string; amount: bigint; payout: bigint; detail: object }) {
    return this.db.transaction(async (tx) => {
      const locked = await tx.query<{ balance: string }>(
        'SELECT balance::text AS balance FROM provider_players WHERE provider_id = $1 AND player_id = $2 FOR UPDATE',
        [p.providerId, p.playerId],
      );
      if (!locked.rows[0]) throw new ProviderApiError(404, 'PLAYER_NOT_FOUND', 'no account for this player');
      const balance = BigInt(locked.rows[0].balance);
      if (balance < p.amount) throw new ProviderApiError(422, 'INSUFFICIENT_BALANCE', 'the bet is above the balance');
      const after = balance - p.amount + p.payout;
      await tx.query('UPDATE provider_players SET balance = $3 WHERE provider_id = $1 AND player_id = $2', [
        p.providerId,
        p.playerId,
        after.toString(),
      ]);
      const res = await tx.query<{ id: string }>(
        `INSERT INTO provider_bets (provider_id, player_id, game_id, amount, payout, detail)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::text`,
        [p.providerId, p.playerId, p.gameId, p.amount.toString(), p.payout.toString(), JSON.stringify(p.detail)],
      );
      return { betId: res.rows[0]!.id, balance: after };
    });
  }
}
