import { and, desc, eq, isNull } from 'drizzle-orm';
import {
  DEPOSIT_LIMIT_PERIODS,
  DEPOSIT_LIMIT_RAISE_DELAY_HOURS,
  exclusionKindOf,
  fromMinor,
  toMinor,
  type DepositLimitPeriod,
  type ExclusionPeriod,
  type PlayerLimitsResponse,
} from '@app/contracts';
import { tableRows, type Db, type Tx } from '../../db/client.js';
import { deposited, exclusionAndLimits, exclusionIn, playerLock } from './responsible-play.statements.js';
import {
  playerDepositLimits,
  playerExclusions,
  players,
  staffUsers,
  type PlayerDepositLimitRow,
  type PlayerExclusionRow,
} from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import { addDays, vientianeDay, vientianeDayStart } from '../shared/business-day.js';
import { depositLimitReached, selfExcluded } from './responsible-play.errors.js';
import type { PlayerRef, ResponsiblePlayDependencies, ResponsiblePlayService } from './responsible-play.types.js';

const HOUR_MS = 3_600_000;
const RAISE_DELAY_MS = DEPOSIT_LIMIT_RAISE_DELAY_HOURS * HOUR_MS;

/** When an exclusion set at `start` ends; null for good. Months are calendar months. */
export function exclusionEnd(period: ExclusionPeriod, start: Date): Date | null {
  const hours = { '24h': 24, '7d': 7 * 24, '30d': 30 * 24 } as const;
  if (period in hours) return new Date(start.getTime() + hours[period as keyof typeof hours] * HOUR_MS);
  if (period === 'permanent') return null;
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + (period === '6m' ? 6 : 12));
  return end;
}

/** The start of the Vientiane day, week (from Monday) and month that `now` is in: the periods of the limits. */
export function periodStarts(now: Date): Record<DepositLimitPeriod, Date> {
  const day = vientianeDay(now);
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return {
    daily: vientianeDayStart(day),
    weekly: vientianeDayStart(addDays(day, -weekday)),
    monthly: vientianeDayStart(`${day.slice(0, 8)}01`),
  };
}

interface PeriodState {
  /** the limit in force (null: none) */
  amount: bigint | null;
  pending: PlayerDepositLimitRow | null;
}

/** From a player's rows not canceled: per period the limit in force at `now` and the change waiting. */
function statesAt(rows: PlayerDepositLimitRow[], now: Date): Record<DepositLimitPeriod, PeriodState> {
  const states = {} as Record<DepositLimitPeriod, PeriodState>;
  for (const period of DEPOSIT_LIMIT_PERIODS) {
    // newest first: effective_at DESC, created_at DESC
    const mine = rows.filter((r) => r.period === period);
    const inForce = mine.find((r) => r.effectiveAt <= now);
    const pending = mine.find((r) => r.effectiveAt > now) ?? null;
    states[period] = { amount: inForce?.amountLak ?? null, pending };
  }
  return states;
}

/** a limit lower than another, null being none */
const lower = (a: bigint | null, b: bigint | null) => a !== null && (b === null || a < b);

export function createResponsiblePlayService({ db, now }: ResponsiblePlayDependencies): ResponsiblePlayService {
  const owned = <T extends typeof playerDepositLimits | typeof playerExclusions>(table: T, p: PlayerRef) =>
    and(eq(table.agencyId, p.agencyId), eq(table.playerId, p.playerId));

  const limitRows = (q: Db | Tx, p: PlayerRef) =>
    q
      .select()
      .from(playerDepositLimits)
      .where(and(owned(playerDepositLimits, p), isNull(playerDepositLimits.canceledAt)))
      .orderBy(desc(playerDepositLimits.effectiveAt), desc(playerDepositLimits.createdAt));

  /** the exclusion in force at `at` that ends last (for good first) */
  async function exclusionAt(q: Db | Tx, p: PlayerRef, at: Date): Promise<PlayerExclusionRow | null> {
    const [row] = await exclusionIn(q).execute({ agencyId: p.agencyId, playerId: p.playerId, at });
    return row ?? null;
  }

  /** kip of the player's orders since each period's start: open ones and any paid (a canceled order paid late too) */
  async function depositedSince(q: Db | Tx, p: PlayerRef, starts: Record<DepositLimitPeriod, Date>) {
    const earliest = [starts.daily, starts.weekly, starts.monthly].reduce((a, b) => (a < b ? a : b));
    const [row] = await deposited(q).execute({ agencyId: p.agencyId, playerId: p.playerId, earliest, ...starts });
    return { daily: BigInt(row!.daily), weekly: BigInt(row!.weekly), monthly: BigInt(row!.monthly) };
  }

  const lockPlayer = (tx: Tx, p: PlayerRef) => playerLock(tx).execute({ agencyId: p.agencyId, playerId: p.playerId });

  async function view(p: PlayerRef, q: Db | Tx = db): Promise<PlayerLimitsResponse> {
    const at = now();
    const states = statesAt(await limitRows(q, p), at);
    const used = await depositedSince(q, p, periodStarts(at));
    const exclusion = await exclusionAt(q, p, at);
    return {
      limits: DEPOSIT_LIMIT_PERIODS.map((period) => {
        const { amount, pending } = states[period];
        const left = amount === null ? null : amount > used[period] ? amount - used[period] : 0n;
        return {
          period,
          amount: amount === null ? null : fromMinor(amount, 'LAK'),
          used: fromMinor(used[period], 'LAK'),
          remaining: left === null ? null : fromMinor(left, 'LAK'),
          pending: pending
            ? {
                amount: pending.amountLak === null ? null : fromMinor(pending.amountLak, 'LAK'),
                effectiveAt: pending.effectiveAt.toISOString(),
              }
            : null,
        };
      }),
      exclusion: exclusion && {
        kind: exclusion.kind,
        period: exclusion.period,
        startsAt: exclusion.startsAt.toISOString(),
        endsAt: exclusion.endsAt?.toISOString() ?? null,
      },
    };
  }

  async function insertExclusion(q: Db | Tx, p: PlayerRef, period: ExclusionPeriod, by?: { staffId: string; reason: string }) {
    const startsAt = now();
    const [row] = await q
      .insert(playerExclusions)
      .values({
        agencyId: p.agencyId,
        playerId: p.playerId,
        kind: exclusionKindOf(period),
        period,
        startsAt,
        endsAt: exclusionEnd(period, startsAt),
        staffId: by?.staffId ?? null,
        reason: by?.reason ?? null,
      })
      .returning();
    return row!;
  }

  return {
    view: (p) => view(p),

    async setLimits(p, body) {
      return db.transaction(async (tx) => {
        await lockPlayer(tx, p);
        const at = now();
        const states = statesAt(await limitRows(tx, p), at);
        for (const period of DEPOSIT_LIMIT_PERIODS) {
          const asked = body[period] === null ? null : toMinor(body[period], 'LAK');
          const { amount, pending } = states[period];
          // the same raise asked again keeps its time: asking does not restart the 24 hours
          if (pending && pending.amountLak === asked) continue;
          if (pending) await tx.update(playerDepositLimits).set({ canceledAt: at }).where(eq(playerDepositLimits.id, pending.id));
          if (asked === amount) continue;
          const effectiveAt = lower(asked, amount) ? at : new Date(at.getTime() + RAISE_DELAY_MS);
          await tx
            .insert(playerDepositLimits)
            .values({ agencyId: p.agencyId, playerId: p.playerId, period, amountLak: asked, effectiveAt, createdAt: at });
        }
        return view(p, tx);
      });
    },

    async exclude(p, period) {
      await insertExclusion(db, p, period);
      return view(p);
    },

    async excludeByStaff(tx, p, { period, staffId, reason }) {
      if ((await lockPlayer(tx, p)).length === 0) throw notFound('no such player');
      return insertExclusion(tx, p, period, { staffId, reason });
    },

    async staffView(p) {
      const [player] = await db
        .select({ id: players.id })
        .from(players)
        .where(and(eq(players.agencyId, p.agencyId), eq(players.id, p.playerId)));
      if (!player) throw notFound('no such player');
      const [current, changes, exclusions] = await Promise.all([
        view(p),
        db
          .select()
          .from(playerDepositLimits)
          .where(owned(playerDepositLimits, p))
          .orderBy(desc(playerDepositLimits.createdAt), desc(playerDepositLimits.effectiveAt)),
        db
          .select({ row: playerExclusions, staffUsername: staffUsers.username })
          .from(playerExclusions)
          .leftJoin(staffUsers, eq(staffUsers.id, playerExclusions.staffId))
          .where(owned(playerExclusions, p))
          .orderBy(desc(playerExclusions.startsAt), desc(playerExclusions.createdAt)),
      ]);
      return {
        ...current,
        changes: changes.map((c) => ({
          period: c.period,
          amount: c.amountLak === null ? null : fromMinor(c.amountLak, 'LAK'),
          effectiveAt: c.effectiveAt.toISOString(),
          createdAt: c.createdAt.toISOString(),
          canceledAt: c.canceledAt?.toISOString() ?? null,
        })),
        exclusions: exclusions.map(({ row, staffUsername }) => ({
          kind: row.kind,
          period: row.period,
          startsAt: row.startsAt.toISOString(),
          endsAt: row.endsAt?.toISOString() ?? null,
          staffUsername,
          reason: row.reason,
        })),
      };
    },

    activeExclusion: (p) => exclusionAt(db, p, now()),

    async assertNotExcluded(p) {
      const exclusion = await exclusionAt(db, p, now());
      if (exclusion) throw selfExcluded(exclusion.endsAt);
    },

    async checkDeposit(tx, p, amountLak) {
      await lockPlayer(tx, p);
      const at = now();
      // read after the lock (a limit or an exclusion committed while this order waited counts), in one
      // round trip: exclusionAt's and limitRows's rows together
      const rows = await exclusionAndLimits(tx, { agencyId: p.agencyId, playerId: p.playerId, at });
      const first = rows[0]!;
      if (first.exclusion_id !== null) {
        throw selfExcluded(
          first.exclusion_ends_at === null ? null : (playerExclusions.endsAt.mapFromDriverValue(first.exclusion_ends_at as string) as Date),
        );
      }
      // a player without limits: one row, its limit columns null
      const limitRowsRead = rows.filter((r) => r.id !== null);
      const limits = tableRows(playerDepositLimits, limitRowsRead);
      const states = statesAt(limits, at);
      if (DEPOSIT_LIMIT_PERIODS.every((period) => states[period].amount === null)) return;
      const used = await depositedSince(tx, p, periodStarts(at));
      let binding: { period: DepositLimitPeriod; left: bigint } | null = null;
      for (const period of DEPOSIT_LIMIT_PERIODS) {
        const limit = states[period].amount;
        if (limit === null) continue;
        const left = limit > used[period] ? limit - used[period] : 0n;
        if (!binding || left < binding.left) binding = { period, left };
      }
      if (binding && amountLak > binding.left) throw depositLimitReached(fromMinor(binding.left, 'LAK'), binding.period);
    },
  };
}
