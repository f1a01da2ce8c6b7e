import { and, asc, eq } from 'drizzle-orm';
import type { WithdrawalStatus } from '@app/contracts';
import type { Db } from '../../db/client.js';
import { players, withdrawals } from '../../db/schema/index.js';
import { toBackofficeWithdrawal } from '../withdrawals/withdrawals.view.js';
import { readPage } from '../shared/paging.js';

/** The agency's withdrawals in one status, oldest first: the order staff work through them. */
export async function listWithdrawals(db: Db, agencyId: string, status: WithdrawalStatus, page: number, pageSize: number) {
  const where = and(eq(withdrawals.agencyId, agencyId), eq(withdrawals.status, status));
  const { items, total } = await readPage(db, { table: withdrawals, where, page, pageSize }, (limit, offset) =>
    db
      .select({ w: withdrawals, username: players.username })
      .from(withdrawals)
      .innerJoin(players, eq(players.id, withdrawals.playerId))
      .where(where)
      .orderBy(asc(withdrawals.createdAt))
      .limit(limit)
      .offset(offset),
  );
  return { items: items.map((r) => toBackofficeWithdrawal(r.w, r.username)), page, pageSize, total };
}

export async function playerUsername(db: Db, playerId: string): Promise<string> {
  const [p] = await db.select({ username: players.username }).from(players).where(eq(players.id, playerId));
  return p?.username ?? '';
}
