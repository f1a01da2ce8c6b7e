import { createHash, randomBytes } from 'node:crypto';
import type { SandboxDb } from '../db.js';

/** A launch link works once, within this time (a player clicks it right after the site made it). */
export const LAUNCH_TOKEN_TTL_MS = 5 * 60 * 1000;
/** The page a token opens stays playable this long. */
export const SESSION_TTL_MS = 4 * 60 * 60 * 1000;

export interface GameSession {
  providerId: string;
  playerId: string;
  gameId: string;
  returnUrl: string;
  language: string;
}

/** Only the hash is stored: a leaked table does not leak live links. */
const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');
const newSecret = () => randomBytes(32).toString('base64url');

export type Redemption =
  | { ok: true; sessionId: string; session: GameSession }
  | { ok: false; reason: 'UNKNOWN' | 'USED' | 'EXPIRED'; returnUrl: string | null; language: string | null };

export class LaunchService {
  constructor(private readonly db: SandboxDb) {}

  async createToken(s: GameSession, now = Date.now()): Promise<string> {
    const token = newSecret();
    await this.db.query(
      `INSERT INTO provider_launch_tokens (token_hash, provider_id, player_id, game_id, return_url, language, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [hashOf(token), s.providerId, s.playerId, s.gameId, s.returnUrl, s.language, new Date(now + LAUNCH_TOKEN_TTL_MS)],
    );
    return token;
  }

  /** Uses the token up (one conditional UPDATE, so two clicks cannot both win) and opens a session. */
  async redeem(providerId: string, token: string, now = Date.now()): Promise<Redemption> {
    const hash = hashOf(token);
    const used = await this.db.query<{ player_id: string; game_id: string; return_url: string; language: string }>(
      `UPDATE provider_launch_tokens SET used_at = $3
       WHERE token_hash = $1 AND provider_id = $2 AND used_at IS NULL AND expires_at > $3
       RETURNING player_id, game_id, return_url, language`,
      [hash, providerId, new Date(now)],
    );
    const row = used.rows[0];
    if (!row) {
      const known = await this.db.query<{ used_at: Date | null; return_url: string; language: string }>(
        'SELECT used_at, return_url, language FROM provider_launch_tokens WHERE token_hash = $1 AND provider_id = $2',
        [hash, providerId],
      );
      const k = known.rows[0];
      if (!k) return { ok: false, reason: 'UNKNOWN', returnUrl: null, language: null };
      return { ok: false, reason: k.used_at ? 'USED' : 'EXPIRED', returnUrl: k.return_url, language: k.language };
    }
    const sessionId = newSecret();
    const session: GameSession = {
      providerId,
      playerId: row.player_id,
      gameId: row.game_id,
      returnUrl: row.return_url,
      language: row.language,
    };
    await this.db.query(
      `INSERT INTO provider_sessions (session_hash, provider_id, player_id, game_id, return_url, language, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        hashOf(sessionId),
        providerId,
        session.playerId,
        session.gameId,
        session.returnUrl,
        session.language,
        new Date(now + SESSION_TTL_MS),
      ],
    );
    return { ok: true, sessionId, session };
  }

  async session(providerId: string, sessionId: string, now = Date.now()): Promise<GameSession | null> {
    const res = await this.db.query<{ player_id: string; game_id: string; return_url: string; language: string }>(
      `SELECT player_id, game_id, return_url, language FROM provider_sessions
       WHERE session_hash = $1 AND provider_id = $2 AND expires_at > $3`,
      [hashOf(sessionId), providerId, new Date(now)],
    );
    const row = res.rows[0];
    return row ? { providerId, playerId: row.player_id, gameId: row.game_id, returnUrl: row.return_url, language: row.language } : null;
  }
}
