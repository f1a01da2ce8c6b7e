import { createHash } from 'node:crypto';
import type { SandboxDb } from '../db.js';
import type { ProviderWallet } from './wallet.js';

/**
 * Member accounts of the AMB and Betflix protocols over the sandbox's one wallet: a member's login
 * name is the player id without dashes (as the server's adapters name them), so that the demo game,
 * the back office and every test see the same balance whichever protocol moved it.
 */
export const playerIdOf = (member: string): string | null => {
  const m = /^([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})$/.exec(member);
  return m ? m.slice(1).join('-') : null;
};

const hash = (password: string) => createHash('sha256').update(password).digest('hex');

/** a bet or transfer time as a Bangkok date (UTC+7), the day reports count by */
export const BANGKOK_DAY = `to_char(created_at AT TIME ZONE 'Asia/Bangkok', 'YYYY-MM-DD')`;

export class Members {
  constructor(
    private readonly db: SandboxDb,
    private readonly wallet: ProviderWallet,
  ) {}

  /** Opens the member's account; false when it exists already. */
  async create(providerId: string, member: string, playerId: string, password: string, agencyId: string, username: string) {
    const res = await this.db.query(
      `INSERT INTO provider_members (provider_id, member, player_id, password_hash) VALUES ($1, $2, $3, $4)
       ON CONFLICT (provider_id, member) DO NOTHING RETURNING 1`,
      [providerId, member, playerId, hash(password)],
    );
    await this.wallet.ensurePlayer({ providerId, playerId, agencyId, username });
    return res.rows.length > 0;
  }

  /** the member's player id, when the account exists (opened by this protocol or by the wallet's own) */
  async find(providerId: string, member: string): Promise<string | null> {
    const playerId = playerIdOf(member);
    if (!playerId) return null;
    return (await this.wallet.balance({ providerId, playerId })) === null ? null : playerId;
  }

  async passwordMatches(providerId: string, member: string, password: string) {
    const res = await this.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM provider_members WHERE provider_id = $1 AND member = $2',
      [providerId, member],
    );
    return res.rows[0]?.password_hash === hash(password);
  }

  /** the member's applied transfers between two Bangkok dates, oldest first, amounts signed */
  async history(providerId: string, playerId: string, start: string, end: string) {
    const res = await this.db.query<{ reference: string; amount: string; balance_after: string; created_at: string }>(
      `SELECT reference, (CASE WHEN direction = 'IN' THEN amount ELSE -amount END)::text AS amount, balance_after::text,
              to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
         FROM provider_transfers
        WHERE provider_id = $1 AND player_id = $2 AND status = 'POSTED' AND ${BANGKOK_DAY} BETWEEN $3 AND $4
        ORDER BY id`,
      [providerId, playerId, start, end],
    );
    return res.rows.map((r) => ({ ...r, amount: BigInt(r.amount), balanceAfter: BigInt(r.balance_after) }));
  }

  /** the member's bets between two Bangkok dates: their stakes and payouts */
  async betsBetween(providerId: string, playerId: string, start: string, end: string) {
    const res = await this.db.query<{ stakes: string; payouts: string }>(
      `SELECT coalesce(sum(amount), 0)::text AS stakes, coalesce(sum(payout), 0)::text AS payouts FROM provider_bets
        WHERE provider_id = $1 AND player_id = $2 AND ${BANGKOK_DAY} BETWEEN $3 AND $4`,
      [providerId, playerId, start, end],
    );
    return { stakes: BigInt(res.rows[0]!.stakes), payouts: BigInt(res.rows[0]!.payouts) };
  }
}
