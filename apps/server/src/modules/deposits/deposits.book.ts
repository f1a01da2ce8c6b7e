import type { Tx } from '../../db/client.js';
import type { DepositOrderRow } from '../../db/schema/index.js';
import { ensureAccounts, houseKey, type PostRequest } from '../../ledger/ledger.js';
import type { Transfer, TransferKind } from '../../ledger/transfers/index.js';
import type { DepositsServiceDependencies } from './deposits.types.js';

/** The kind of the provider transfers of deposits (settled by deposits.settlement.ts). */
export const DEPOSIT_TRANSFER_KIND = 'deposit' satisfies TransferKind;

export interface BookOptions {
  /** orders held for staff review (decision 162): their kip is booked, their credit not sent */
  held?: ReadonlySet<string>;
  /** the orders' kip was booked already (a held order released): only the credit now */
  kipBooked?: boolean;
}

/**
 * The kip and the transfers' reservations in one ledger call, which locks every account of the
 * group in id order before the transfers' foreign keys take shares on EXCHANGE(THB) (the other way
 * round, a later FOR UPDATE on it could deadlock two settlements). The five accounts of each order
 * are looked up in one query for the whole group. A deposit made with a promotion (its usage turns
 * USED here) carries its bonus in the same transfer, posted PROMOTION_EXPENSE → EXCHANGE(THB) first
 * (docs/decisions/045-promotions-engine.md).
 */
export async function bookPayments(
  { transfers, promotions }: Pick<DepositsServiceDependencies, 'transfers' | 'promotions'>,
  tx: Tx,
  /** `promotionTaken`: whether the player holds a usage the order would claim (`promotionTakenOf`); unknown, it is asked */
  paid: { order: DepositOrderRow; username: string; promotionTaken?: boolean }[],
  opts: BookOptions = {},
): Promise<Transfer[]> {
  if (paid.length === 0) return [];
  const held = opts.held ?? new Set<string>();
  // a held order's bonus waits with its credit: claimed when staff release it; a group none of whose
  // players took a promotion sends no claim
  const claiming = paid.filter(({ order, promotionTaken }) => !held.has(order.id) && promotionTaken !== false);
  const bonuses = await promotions.claimBonuses(
    tx,
    claiming.map(({ order }) => order),
  );
  const withBonus = paid.map(({ order }, i) => ({ order, i })).filter(({ order }) => (bonuses.get(order.id)?.bonus ?? 0n) > 0n);
  // the five accounts of each order, then PROMOTION_EXPENSE for each bonus, in one lookup
  const keys = paid.flatMap(({ order: { agencyId, playerId, providerId } }) => [
    houseKey({ agencyId, playerId, type: 'BANK_CLEARING', currency: 'LAK' }),
    houseKey({ agencyId, playerId, type: 'EXCHANGE', currency: 'LAK' }),
    houseKey({ agencyId, playerId, type: 'EXCHANGE', currency: 'THB' }),
    ...transfers.playerAccountKeys(agencyId, playerId, providerId),
  ]);
  const expenseKeys = withBonus.map(({ order: { agencyId, playerId } }) =>
    houseKey({ agencyId, playerId, type: 'PROMOTION_EXPENSE', currency: 'THB' }),
  );
  const ids = await ensureAccounts(tx, [...keys, ...expenseKeys]);
  const accounts = paid.map((_, i) => ids.slice(i * 5, i * 5 + 5) as [string, string, string, string, string]);
  const expense = ids.slice(keys.length);
  const kip: PostRequest[] = paid.map(({ order }, i) => ({
    agencyId: order.agencyId,
    reference: `deposit:${order.id}:paid`,
    kind: 'deposit:paid',
    entries: [{ from: accounts[i]![0], to: accounts[i]![1], currency: 'LAK' as const, amount: order.amountLak }],
    metadata: { orderId: order.id, transactionCode: order.transactionCode, bankReference: order.bankReference },
  }));
  // a held order released: its kip was booked when it was paid
  if (opts.kipBooked) kip.length = 0;
  withBonus.forEach(({ order, i }, j) => {
    const { usageId, bonus } = bonuses.get(order.id)!;
    kip.push({
      agencyId: order.agencyId,
      reference: `deposit:${order.id}:bonus`,
      kind: 'promotion_bonus',
      entries: [{ from: expense[j]!, to: accounts[i]![2], currency: 'THB', amount: bonus }],
      metadata: { orderId: order.id, usageId },
    });
  });
  const requested = await transfers.requestMany(
    tx,
    paid
      .flatMap(({ order, username }, i) => (held.has(order.id) ? [] : [{ order, username, i }]))
      .map(({ order, username, i }) => ({
        params: {
          agencyId: order.agencyId,
          playerId: order.playerId,
          username,
          providerId: order.providerId,
          direction: 'IN' as const,
          amount: order.creditThb + (bonuses.get(order.id)?.bonus ?? 0n),
          reference: `dep:${order.id}`,
          kind: DEPOSIT_TRANSFER_KIND,
          orderId: order.id,
          counterAccountId: accounts[i]![2],
        },
        accounts: [accounts[i]![3], accounts[i]![4]] as const,
      })),
    kip,
    { dispatch: true },
  );
  return requested.filter((r) => !r.duplicate).map((r) => r.transfer);
}
