import { and, desc, eq } from 'drizzle-orm';
import {
  PROVIDER_IDS,
  RECENT_ORDERS_SHOWN,
  fromMinor,
  type ProviderId,
  type RecentOrder,
  type WithdrawalPlayerResponse,
} from '@app/contracts';
import type { Db } from '../../../db/client.js';
import { depositOrders, playerBankAccounts, players, withdrawals } from '../../../db/schema/index.js';
import { notFound } from '../../../errors.js';
import type { StaffPlayersServiceDependencies } from './staff-players.types.js';
import { toStaffBankAccount } from './staff-players.view.js';

type Wallet = StaffPlayersServiceDependencies['wallet'];
const lak = (v: bigint) => fromMinor(v, 'LAK');
const thb = (v: bigint) => fromMinor(v, 'THB');

/** The player's credit at every provider, asked live at once; one provider down reads null, never hides the others. */
export async function liveCredits(
  wallet: Wallet,
  who: { playerId: string; agencyId: string; username: string },
): Promise<{ providerId: ProviderId; amount: string | null }[]> {
  return Promise.all(
    PROVIDER_IDS.map(async (providerId) => {
      try {
        return { providerId, amount: thb(await wallet.creditMinorAt(who, providerId)) };
      } catch {
        return { providerId, amount: null };
      }
    }),
  );
}

/**
 * The player behind one of the agency's withdrawals, for the decision dialog (decision 178): their
 * latest deposits and withdrawals (each list read newest first through the player's history index,
 * RECENT_ORDERS_SHOWN of each, merged and cut), their live credit and the kip account they have now.
 * Another agency's withdrawal is 404, as a missing one.
 */
export async function withdrawalPlayer(db: Db, wallet: Wallet, agencyId: string, withdrawalId: string): Promise<WithdrawalPlayerResponse> {
  const [owner] = await db
    .select({ playerId: players.id, username: players.username })
    .from(withdrawals)
    .innerJoin(players, and(eq(players.id, withdrawals.playerId), eq(players.agencyId, withdrawals.agencyId)))
    .where(and(eq(withdrawals.agencyId, agencyId), eq(withdrawals.id, withdrawalId)));
  if (!owner) throw notFound('no such withdrawal');
  const { playerId } = owner;
  const [deposits, outs, bank, credits] = await Promise.all([
    db
      .select()
      .from(depositOrders)
      .where(and(eq(depositOrders.agencyId, agencyId), eq(depositOrders.playerId, playerId)))
      .orderBy(desc(depositOrders.createdAt), desc(depositOrders.id))
      .limit(RECENT_ORDERS_SHOWN),
    db
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.agencyId, agencyId), eq(withdrawals.playerId, playerId)))
      .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
      .limit(RECENT_ORDERS_SHOWN),
    db
      .select()
      .from(playerBankAccounts)
      .where(and(eq(playerBankAccounts.agencyId, agencyId), eq(playerBankAccounts.playerId, playerId))),
    liveCredits(wallet, { playerId, agencyId, username: owner.username }),
  ]);
  const orders: (RecentOrder & { at: Date })[] = [
    ...deposits.map((d) => ({
      kind: 'deposit' as const,
      id: d.id,
      transactionCode: d.transactionCode,
      providerId: d.providerId,
      status: d.status,
      amountLak: lak(d.amountLak),
      credit: thb(d.creditThb),
      createdAt: d.createdAt.toISOString(),
      at: d.createdAt,
    })),
    ...outs.map((w) => ({
      kind: 'withdrawal' as const,
      id: w.id,
      transactionCode: w.transactionCode,
      providerId: w.providerId,
      status: w.status,
      amountLak: lak(w.amountLak),
      credit: thb(w.totalCredit),
      createdAt: w.createdAt.toISOString(),
      at: w.createdAt,
    })),
  ];
  const account = bank[0] ?? null;
  return {
    playerId,
    recentOrders: orders
      .sort((a, b) => b.at.getTime() - a.at.getTime())
      .slice(0, RECENT_ORDERS_SHOWN)
      .map(({ at: _at, ...o }) => o),
    credits,
    bankAccount: account && toStaffBankAccount(account),
  };
}
