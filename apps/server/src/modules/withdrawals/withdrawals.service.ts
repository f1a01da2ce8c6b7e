import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { convert, findRate, isProviderId, toMinor } from '@app/contracts';
import type { Db, Tx } from '../../db/client.js';
import { isUniqueViolation, transactionWithRetry } from '../../db/errors.js';
import { playerOrderPages } from '../../db/player-orders.js';
import { currencies, players, withdrawals, type WithdrawalRow } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { InsufficientFundsError } from '../../ledger/ledger.js';
import type { Transfer } from '../../ledger/transfers/index.js';
import {
  amountOutOfRange,
  bankAccountRequired,
  insufficientCredit,
  noKipRate,
  noSuchWithdrawal,
  notOpen,
  openExists,
  unknownProvider,
} from './withdrawals.errors.js';
import { createWithdrawalSettlement, lockWithdrawal, ownedBy, payableKey, WITHDRAW_KIND } from './withdrawals.settlement.js';
import { checkDailyCaps, needsTwoApprovals, riskSettings } from './withdrawals.risk.js';
import { createWithdrawalsStaff } from './withdrawals.staff.js';
import type { WithdrawalsService, WithdrawalsServiceDependencies } from './withdrawals.types.js';
import { nextTransactionCode } from '../shared/transaction-code.js';

const IN_PROGRESS = ['PENDING', 'OPEN'] as const;

export function createWithdrawalsService(deps: WithdrawalsServiceDependencies): WithdrawalsService {
  const { db, log, transfers, wallet, bankAccounts, promotions, fraudSignals, now } = deps;
  const settlement = createWithdrawalSettlement(deps);
  // prepared once: the player's pages poll these while a withdrawal is in progress
  const pages = playerOrderPages(db, withdrawals, 'withdrawals');
  const owned = and(eq(withdrawals.agencyId, sql.placeholder('agencyId')), eq(withdrawals.playerId, sql.placeholder('playerId')));
  const openQuery = db
    .select()
    .from(withdrawals)
    .where(and(owned, inArray(withdrawals.status, [...IN_PROGRESS])))
    .orderBy(desc(withdrawals.createdAt))
    .prepare('withdrawals_open');
  const oneQuery = db
    .select()
    .from(withdrawals)
    .where(and(owned, eq(withdrawals.id, sql.placeholder('id'))))
    .limit(1)
    .prepare('withdrawal_one');

  async function inProgress(tx: Tx | Db, agencyId: string, playerId: string) {
    const rows = await tx
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(and(ownedBy(agencyId, playerId), inArray(withdrawals.status, [...IN_PROGRESS])))
      .limit(1);
    return rows.length > 0;
  }

  async function reload(id: string): Promise<WithdrawalRow> {
    const [w] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
    return w!;
  }

  /**
   * Tells the provider now instead of waiting for the worker's next poll, so the answer usually
   * shows the settled state. The job stays queued: an unknown outcome is the worker's to finish.
   */
  async function settleSoon(transfer: Transfer) {
    try {
      await transfers.process(transfer.id);
    } catch (err) {
      log.warn({ err, transferId: transfer.id }, 'transfer not settled inline; the worker will');
    }
  }

  return {
    /**
     * SPEC.md §5's checks, then in one transaction: the order (PENDING), the ledger synced with the
     * provider's live balance, and the credit taken through the transfer path (DESIGN.md §6).
     */
    async create(agency, session, body, requestKey) {
      const made = async () =>
        requestKey === undefined
          ? undefined
          : (
              await db
                .select({ id: withdrawals.id })
                .from(withdrawals)
                .where(and(ownedBy(agency.id, session.playerId), eq(withdrawals.requestKey, requestKey)))
            )[0];
      // one read for both: the same request again, its first run's answer lost (a crash after the
      // commit: that withdrawal), and a withdrawal in progress
      const mine = await db
        .select()
        .from(withdrawals)
        .where(
          and(
            ownedBy(agency.id, session.playerId),
            requestKey === undefined
              ? inArray(withdrawals.status, [...IN_PROGRESS])
              : or(eq(withdrawals.requestKey, requestKey), inArray(withdrawals.status, [...IN_PROGRESS])),
          ),
        );
      const before = requestKey === undefined ? undefined : mine.find((w) => w.requestKey === requestKey);
      if (before) return before;
      const { providerId } = body;
      if (!isProviderId(providerId)) throw unknownProvider(providerId);
      const amount = toMinor(body.amount, 'THB');
      const { withdrawMinThb, withdrawMaxThb } = agency.settings;
      if (amount < toMinor(withdrawMinThb, 'THB') || amount > toMinor(withdrawMaxThb, 'THB')) {
        throw amountOutOfRange(withdrawMinThb, withdrawMaxThb);
      }
      // as the session's lookup read them (the route asks for them): no read of its own
      const [bank] = await bankAccounts.ofSession(session);
      if (!bank) throw bankAccountRequired();
      if (mine.some((w) => (IN_PROGRESS as readonly string[]).includes(w.status))) throw openExists();

      // the version first: a move between it and the provider's answer makes syncCredit skip
      const versionSeen = await transfers.creditVersion(db, agency.id, session.playerId, providerId);
      const credit = await wallet.creditMinorAt(session, providerId);
      if (amount > credit) throw insufficientCredit();
      const rules = await promotions.withdrawalRules({
        agencyId: agency.id,
        playerId: session.playerId,
        username: session.username,
        providerId,
        amount,
        credit,
      });
      if (!rules.ok) throw new AppError(rules.code);
      const { plan } = rules;
      const rates = await db.select().from(currencies).where(eq(currencies.agencyId, agency.id));
      const rate = findRate(rates, { currency: 'LAK' });
      if (!rate) throw noKipRate();
      const amountLak = convert('WITHDRAW', plan.creditReceived, rate);

      const id = randomUUID();
      let transfer: Transfer;
      try {
        transfer = await transactionWithRetry(db, async (tx) => {
          // one player's withdrawals queue here, so "one in progress" holds under concurrency
          await tx.select({ id: players.id }).from(players).where(eq(players.id, session.playerId)).for('update');
          if (await inProgress(tx, agency.id, session.playerId)) throw openExists();
          // the agency's risk rules as they stand now (the request's agency is cached), the daily caps
          // counted under the same lock (decisions 161, 163)
          const risk = await riskSettings(tx, agency.id);
          await checkDailyCaps(tx, risk, { agencyId: agency.id, playerId: session.playerId }, amount, now());
          // every account of the transaction resolved once, the player's locked (decision 183)
          const locked = await transfers.lockPlayerAccounts(tx, agency.id, session.playerId, providerId, [payableKey(agency.id)]);
          await transfers.syncCredit(
            tx,
            {
              agencyId: agency.id,
              playerId: session.playerId,
              providerId,
              providerBalance: credit,
              versionSeen,
              reference: `withdraw:${id}:sync`,
            },
            locked,
          );
          const requested = await transfers.request(
            tx,
            {
              agencyId: agency.id,
              playerId: session.playerId,
              username: session.username,
              providerId,
              direction: 'OUT',
              amount: plan.totalCredit,
              reference: `withdraw:${id}:out`,
              kind: WITHDRAW_KIND,
              orderId: id,
              counterAccountId: locked.more[0]!,
            },
            [locked.inFlight, locked.credit],
          );
          // the agency's code counter last (decision 181): its row, which every withdrawal of the agency
          // takes, stays locked for the order's insert and the commit only
          await tx.insert(withdrawals).values({
            id,
            agencyId: agency.id,
            playerId: session.playerId,
            transactionCode: await nextTransactionCode(tx, agency.id, 'W'),
            providerId,
            status: 'PENDING',
            ...plan,
            amountLak,
            rate: rate.buyRate,
            bank: bank.bank,
            accountNumber: bank.accountNumber,
            accountName: bank.accountName,
            requestKey: requestKey ?? null,
            twoApprovals: needsTwoApprovals(risk, plan.totalCredit),
          });
          return requested.transfer;
        });
      } catch (err) {
        if (err instanceof InsufficientFundsError) throw insufficientCredit();
        const first = isUniqueViolation(err, 'withdrawals_request_key') ? await made() : undefined;
        if (first) return reload(first.id);
        if (isUniqueViolation(err, 'withdrawals_one_open')) throw openExists();
        throw err;
      }
      await fraudSignals.recordAfter('withdrawal', { agencyId: agency.id, playerId: session.playerId });
      await settleSoon(transfer);
      return reload(id);
    },

    async cancel(agency, session, id) {
      const transfer = await transactionWithRetry(db, async (tx) => {
        const w = await lockWithdrawal(tx, id);
        if (!w || w.agencyId !== agency.id || w.playerId !== session.playerId) throw noSuchWithdrawal();
        if (w.status !== 'OPEN') throw notOpen(w.status);
        await tx
          .update(withdrawals)
          .set({ status: 'CANCELED', updatedAt: sql`now()` })
          .where(eq(withdrawals.id, id));
        return settlement.requestReturn(tx, { ...w, status: 'CANCELED' });
      });
      await settleSoon(transfer);
      return reload(id);
    },

    async open(agencyId, playerId) {
      return openQuery.execute({ agencyId, playerId });
    },

    async one(agencyId, playerId, id) {
      const [w] = await oneQuery.execute({ agencyId, playerId, id });
      if (!w) throw noSuchWithdrawal();
      return w;
    },

    page: pages,

    ...createWithdrawalsStaff(db, promotions, settlement, settleSoon),
  };
}
