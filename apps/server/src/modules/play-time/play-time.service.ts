import { and, eq, gte, sql } from 'drizzle-orm';
import { CREDIT_CURRENCY, fromMinor, isProviderId, type ProviderId } from '@app/contracts';
import { playerPlayDays, providerTransfers } from '../../db/schema/index.js';
import { vientianeDay } from '../shared/business-day.js';
import type { PlayTimeDependencies, PlayTimeService } from './play-time.types.js';

/** at most this many launches remembered as recorded; past it, the set starts again (bounded memory) */
const MAX_RECORDED = 100_000;

export function createPlayTimeService({ db, now, wallet }: PlayTimeDependencies): PlayTimeService {
  // the (player, provider) whose first launch of `recordedDay` this instance has written: a later launch
  // of the same day would insert nothing (the first launch's row is kept), so it asks nothing
  let recordedDay = '';
  const recorded = new Set<string>();
  return {
    async recordLaunch(player, provider, creditMinor) {
      const at = now();
      const day = vientianeDay(at);
      const key = `${player.agencyId}:${player.playerId}:${provider}`;
      if (day !== recordedDay || recorded.size >= MAX_RECORDED) {
        recordedDay = day;
        recorded.clear();
      }
      if (recorded.has(key)) return;
      await db
        .insert(playerPlayDays)
        .values({
          agencyId: player.agencyId,
          playerId: player.playerId,
          day,
          provider,
          firstLaunchAt: at,
          creditAtFirstLaunch: creditMinor,
        })
        .onConflictDoNothing();
      // the row is there, this instance's or an earlier launch's (another instance's too)
      if (day === recordedDay) recorded.add(key);
    },

    /**
     * Per provider played today: credit now − credit at the first launch − credit moved in since + credit
     * moved out since (transfers the ledger posted after that launch). A provider that does not answer
     * now is left out of the sum and named in `unread`: the figure never guesses.
     */
    async today(player) {
      const day = vientianeDay(now());
      const played = eq(playerPlayDays.playerId, player.playerId);
      const [rows, moved] = await Promise.all([
        db
          .select()
          .from(playerPlayDays)
          .where(and(played, eq(playerPlayDays.agencyId, player.agencyId), eq(playerPlayDays.day, day)))
          .orderBy(playerPlayDays.firstLaunchAt),
        db
          .select({
            provider: providerTransfers.providerId,
            // in: credit added at the provider (deposits, returned withdrawals); out: credit taken (withdrawals, claw-backs)
            net: sql<string>`coalesce(sum(case when ${providerTransfers.direction} = 'IN' then ${providerTransfers.amount} else -${providerTransfers.amount} end), 0)`,
          })
          .from(providerTransfers)
          .innerJoin(
            playerPlayDays,
            and(
              played,
              eq(playerPlayDays.day, day),
              eq(playerPlayDays.provider, providerTransfers.providerId),
              gte(providerTransfers.settledAt, playerPlayDays.firstLaunchAt),
            ),
          )
          .where(
            and(
              eq(providerTransfers.agencyId, player.agencyId),
              eq(providerTransfers.playerId, player.playerId),
              eq(providerTransfers.status, 'POSTED'),
            ),
          )
          .groupBy(providerTransfers.providerId),
      ]);
      if (rows.length === 0) return { since: null, net: null, providers: [], unread: [] };
      const providers = rows.map((r) => r.provider).filter(isProviderId);
      const credits = await Promise.allSettled(rows.map((r) => wallet.creditMinorAt(player, r.provider)));
      let net = 0n;
      const unread: ProviderId[] = [];
      rows.forEach((r, i) => {
        const credit = credits[i]!;
        if (credit.status === 'rejected') {
          if (isProviderId(r.provider)) unread.push(r.provider);
          return;
        }
        const movedIn = BigInt(moved.find((m) => m.provider === r.provider)?.net ?? '0');
        net += credit.value - r.creditAtFirstLaunch - movedIn;
      });
      return {
        since: rows[0]!.firstLaunchAt.toISOString(),
        net: { amount: fromMinor(net, CREDIT_CURRENCY), currency: CREDIT_CURRENCY },
        providers,
        unread,
      };
    },
  };
}
