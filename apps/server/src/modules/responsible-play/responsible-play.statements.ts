import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { builtOnce, statementOnce } from '../../db/client.js';
import { depositOrders, playerDepositLimits, playerExclusions, players } from '../../db/schema/index.js';

// the statements of every deposit and game launch, built once, the player and times bound per call (decision 187)
const ph = (name: string) => sql.placeholder(name);
export const exclusionIn = builtOnce((q) =>
  q
    .select()
    .from(playerExclusions)
    .where(
      and(
        eq(playerExclusions.agencyId, ph('agencyId')),
        eq(playerExclusions.playerId, ph('playerId')),
        sql`${playerExclusions.startsAt} <= ${ph('at')}`,
        or(isNull(playerExclusions.endsAt), sql`${playerExclusions.endsAt} > ${ph('at')}`),
      ),
    )
    .orderBy(sql`${playerExclusions.endsAt} DESC NULLS FIRST`)
    .limit(1)
    .prepare('exclusion_at'),
);
const since = (start: string) =>
  sql<string>`coalesce(sum(${depositOrders.amountLak}) FILTER (WHERE ${depositOrders.createdAt} >= ${ph(start)}), 0)::text`;
// kip of the player's orders since each period's start: open ones and any paid (a canceled order paid late too)
export const deposited = builtOnce((q) =>
  q
    .select({ daily: since('daily'), weekly: since('weekly'), monthly: since('monthly') })
    .from(depositOrders)
    .where(
      and(
        eq(depositOrders.agencyId, ph('agencyId')),
        eq(depositOrders.playerId, ph('playerId')),
        sql`${depositOrders.createdAt} >= ${ph('earliest')}`,
        sql`(${depositOrders.status} <> 'CANCELED' OR ${depositOrders.paidAt} IS NOT NULL)`,
      ),
    )
    .prepare('deposited_since'),
);
export const playerLock = builtOnce((q) =>
  q
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.agencyId, ph('agencyId')), eq(players.id, ph('playerId'))))
    .for('update')
    .prepare('responsible_play_lock_player'),
);
// exclusionAt's and limitRows's rows together, in one round trip
export const exclusionAndLimits = statementOnce<Record<string, unknown> & { exclusion_id: string | null; exclusion_ends_at: unknown }>(
  'deposit_exclusion_limits',
  sql`SELECT e.id AS exclusion_id, e.ends_at AS exclusion_ends_at, l.*
      FROM (SELECT 1) one
      LEFT JOIN LATERAL (SELECT x.id, x.ends_at FROM ${playerExclusions} x
                         WHERE x.agency_id = ${ph('agencyId')} AND x.player_id = ${ph('playerId')} AND x.starts_at <= ${ph('at')}
                           AND (x.ends_at IS NULL OR x.ends_at > ${ph('at')})
                         ORDER BY x.ends_at DESC NULLS FIRST LIMIT 1) e ON true
      LEFT JOIN ${playerDepositLimits} l
        ON l.agency_id = ${ph('agencyId')} AND l.player_id = ${ph('playerId')} AND l.canceled_at IS NULL
      ORDER BY l.effective_at DESC, l.created_at DESC`,
);
