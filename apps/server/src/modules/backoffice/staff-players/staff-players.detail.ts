import { and, desc, eq, sql } from 'drizzle-orm';
import type { PlayerDetailResponse } from '@app/contracts';
import { queryRows, type Db } from '../../../db/client.js';
import { depositOrders, playerBankAccounts, promotionUsages, promotions, withdrawals } from '../../../db/schema/index.js';
import { notFound } from '../../../errors.js';
import { depositView } from '../../deposits/index.js';
import { toUsage } from '../../promotions/index.js';
import { toWithdrawal } from '../../withdrawals/index.js';
import { byCreatedAt } from '../../shared/keyset.js';
import { toStaffBankAccount, toStaffPlayer, type PlayerRowSql } from './staff-players.view.js';

const iso = (v: string | Date) => new Date(v).toISOString();
/** how many of each list the player's page shows at once */
const SHOWN = 20;

/** The player of the staff member's agency, or 404 (another agency's id is nobody). */
export async function playerOf(db: Db, agencyId: string, playerId: string): Promise<PlayerRowSql> {
  const [row] = await queryRows<PlayerRowSql>(
    db,
    sql`SELECT id, username, display_name, status, promotion_blocked, must_change_password, created_at, last_login_at
        FROM players WHERE agency_id = ${agencyId} AND id = ${playerId}`,
  );
  if (!row) throw notFound('no such player');
  return row;
}

/**
 * A player's page: the player, the bank account, the fingerprints, the live sessions and the latest
 * promotion usages (who shares what is the player's fraud signals, decision 164). Each list is read
 * through an index of the player's (migration 0036) and bounded.
 */
export async function playerDetail(db: Db, agencyId: string, playerId: string): Promise<PlayerDetailResponse> {
  const player = await playerOf(db, agencyId, playerId);
  const [bank, fingerprints, sessions, usages] = await Promise.all([
    db
      .select()
      .from(playerBankAccounts)
      .where(and(eq(playerBankAccounts.agencyId, agencyId), eq(playerBankAccounts.playerId, playerId))),
    queryRows<{ hash: string; first_day: string; last_day: string; days: number }>(
      db,
      sql`SELECT hash, min(day)::text AS first_day, max(day)::text AS last_day, count(*)::int AS days
          FROM player_fingerprints WHERE player_id = ${playerId}
          GROUP BY hash ORDER BY max(day) DESC LIMIT ${SHOWN}`,
    ),
    queryRows<{ id: string; created_at: Date; last_seen_at: Date; expires_at: Date; ip: string | null; user_agent: string | null }>(
      db,
      sql`SELECT id, created_at, last_seen_at, expires_at, ip, user_agent FROM player_sessions
          WHERE player_id = ${playerId} AND agency_id = ${agencyId} AND revoked_at IS NULL AND expires_at > now()
          ORDER BY created_at DESC LIMIT ${SHOWN}`,
    ),
    db
      .select({ usage: promotionUsages, promotion: promotions })
      .from(promotionUsages)
      .innerJoin(promotions, eq(promotions.id, promotionUsages.promotionId))
      .where(and(eq(promotionUsages.agencyId, agencyId), eq(promotionUsages.playerId, playerId)))
      .orderBy(desc(promotionUsages.createdAt))
      .limit(SHOWN),
  ]);
  const account = bank[0] ?? null;
  return {
    player: toStaffPlayer(player),
    bankAccount: account && toStaffBankAccount(account),
    fingerprints: fingerprints.map((f) => ({ hash: f.hash, firstDay: f.first_day, lastDay: f.last_day, days: f.days })),
    sessions: sessions.map((s) => ({
      id: s.id,
      createdAt: iso(s.created_at),
      lastSeenAt: iso(s.last_seen_at),
      expiresAt: iso(s.expires_at),
      ip: s.ip,
      userAgent: s.user_agent,
    })),
    usages: usages.map((u) => toUsage(u.usage, u.promotion, 'lo')),
  };
}

/** A player's deposits, newest first, keyset-paged on (created_at, id) through deposit_orders_history. */
export async function playerDeposits(db: Db, agencyId: string, playerId: string, cursor: string | undefined, limit: number) {
  await playerOf(db, agencyId, playerId);
  const order = byCreatedAt('desc', depositOrders);
  const rows = await db
    .select({ o: depositOrders, cursorKey: order.key })
    .from(depositOrders)
    .where(and(eq(depositOrders.agencyId, agencyId), eq(depositOrders.playerId, playerId), order.after(cursor)))
    .orderBy(...order.orderBy)
    .limit(limit + 1);
  const page = order.page(rows, limit);
  return { items: page.items.map((r) => depositView(r.o)), nextCursor: page.nextCursor };
}

/** A player's withdrawals, newest first, keyset-paged on (created_at, id) through withdrawals_player_idx. */
export async function playerWithdrawals(db: Db, agencyId: string, playerId: string, cursor: string | undefined, limit: number) {
  await playerOf(db, agencyId, playerId);
  const order = byCreatedAt('desc', withdrawals);
  const rows = await db
    .select({ w: withdrawals, cursorKey: order.key })
    .from(withdrawals)
    .where(and(eq(withdrawals.agencyId, agencyId), eq(withdrawals.playerId, playerId), order.after(cursor)))
    .orderBy(...order.orderBy)
    .limit(limit + 1);
  const page = order.page(rows, limit);
  return { items: page.items.map((r) => toWithdrawal(r.w)), nextCursor: page.nextCursor };
}
