import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { convert, findRate, isProviderId, toMinor, type CreateWithdrawalBody } from '@app/contracts';
import type { Tx } from '../../db/client.js';
import { currencies, ledgerAccounts, players, withdrawals, type WithdrawalRow } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import { InsufficientFundsError } from '../../ledger/ledger.js';
import type { Transfer } from '../../ledger/transfers.js';
import type { AgencyContext } from '../../plugins/agency.js';
import type { PlayerSession } from '../../plugins/session.js';
import { isUniqueViolation } from '../../db/errors.js';
import { findBankAccount } from '../bank-accounts/bank-accounts.service.js';
import { creditMinorAt } from '../wallet/credits.service.js';
import { transactionWithRetry } from '../../db/errors.js';
import { withdrawalPromotionRules } from './promotion-rules.js';
import { lockWithdrawal, ownedBy, payableAccount, requestReturn, WITHDRAW_KIND } from './settlement.js';
import { nextWithdrawalCode } from './transaction-code.js';

const IN_PROGRESS = ['PENDING', 'OPEN'] as const;

const openExists = () => new AppError('WITHDRAW_OPEN_ORDER_EXISTS', 'a withdrawal is already in progress');
const short = () =>
  new AppError('WITHDRAW_INSUFFICIENT_CREDIT', 'not enough credit', { amount: 'withdraw.validation.insufficient_credit' });

/**
 * Tells the provider now instead of waiting for the worker's next poll, so the answer usually
 * shows the settled state. The job stays queued: an unknown outcome is the worker's to finish.
 */
export async function settleSoon(app: FastifyInstance, transfer: Transfer) {
  try {
    await app.transfers.process(transfer.id);
  } catch (err) {
    app.log.warn({ err, transferId: transfer.id }, 'transfer not settled inline; the worker will');
  }
}

export function withdrawalsService(app: FastifyInstance) {
  const db = app.db;

  async function inProgress(tx: Tx | typeof db, agencyId: string, playerId: string) {
    const rows = await tx
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(and(ownedBy(agencyId, playerId), inArray(withdrawals.status, [...IN_PROGRESS])))
      .limit(1);
    return rows.length > 0;
  }

  /**
   * syncCredit locks the credit account and the transfer then the in-flight one; a settling
   * transfer of the same player takes them in id order. Taking both now, in id order, keeps the
   * two from waiting on each other crosswise (a read lock only: the ledger still does the writing).
   */
  async function lockCreditAndInFlight(tx: Tx, agencyId: string, playerId: string, providerId: string) {
    const ids = await app.transfers.playerAccounts(tx, agencyId, playerId, providerId);
    await tx
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.id, ids))
      .orderBy(asc(ledgerAccounts.id))
      .for('no key update');
  }

  async function reload(id: string): Promise<WithdrawalRow> {
    const [w] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
    return w!;
  }

  return {
    /**
     * SPEC.md §5's checks, then in one transaction: the order (PENDING), the ledger synced with the
     * provider's live balance, and the credit taken through the transfer path (DESIGN.md §6).
     */
    async create(agency: AgencyContext, session: PlayerSession, body: CreateWithdrawalBody): Promise<WithdrawalRow> {
      const { providerId } = body;
      if (!isProviderId(providerId))
        throw new AppError('PROVIDER_NOT_FOUND', `no provider ${providerId}`, { providerId: 'withdraw.validation.provider_required' });
      const amount = toMinor(body.amount, 'THB');
      const min = toMinor(agency.settings.withdrawMinThb, 'THB');
      const max = toMinor(agency.settings.withdrawMaxThb, 'THB');
      if (amount < min || amount > max) {
        throw new AppError(
          'WITHDRAW_AMOUNT_OUT_OF_RANGE',
          `between ${agency.settings.withdrawMinThb} and ${agency.settings.withdrawMaxThb}`,
          {
            amount: 'withdraw.validation.amount_range',
          },
        );
      }
      const bank = await findBankAccount(db, agency.id, session.playerId);
      if (!bank) throw new AppError('BANK_ACCOUNT_REQUIRED', 'add a bank account first');
      if (await inProgress(db, agency.id, session.playerId)) throw openExists();

      // the version first: a move between it and the provider's answer makes syncCredit skip
      const versionSeen = await app.transfers.creditVersion(db, agency.id, session.playerId, providerId);
      const credit = await creditMinorAt(app, session, providerId);
      if (amount > credit) throw short();
      const rules = await withdrawalPromotionRules({ agencyId: agency.id, playerId: session.playerId, providerId, amount, credit });
      if (!rules.ok) throw new AppError(rules.code);
      const { plan } = rules;
      const rates = await db.select().from(currencies).where(eq(currencies.agencyId, agency.id));
      const rate = findRate(rates, { currency: 'LAK' });
      if (!rate) throw new AppError('CURRENCY_NOT_FOUND', 'no kip rate is set');
      const amountLak = convert('WITHDRAW', plan.creditReceived, rate);

      const id = randomUUID();
      let transfer: Transfer;
      try {
        transfer = await transactionWithRetry(db, async (tx) => {
          // one player's withdrawals queue here, so "one in progress" holds under concurrency
          await tx.select({ id: players.id }).from(players).where(eq(players.id, session.playerId)).for('update');
          if (await inProgress(tx, agency.id, session.playerId)) throw openExists();
          await lockCreditAndInFlight(tx, agency.id, session.playerId, providerId);
          await app.transfers.syncCredit(tx, {
            agencyId: agency.id,
            playerId: session.playerId,
            providerId,
            providerBalance: credit,
            versionSeen,
            reference: `withdraw:${id}:sync`,
          });
          await tx.insert(withdrawals).values({
            id,
            agencyId: agency.id,
            playerId: session.playerId,
            transactionCode: await nextWithdrawalCode(tx, agency.id),
            providerId,
            status: 'PENDING',
            ...plan,
            amountLak,
            rate: rate.buyRate,
            bank: bank.bank,
            accountNumber: bank.accountNumber,
            accountName: bank.accountName,
          });
          const requested = await app.transfers.request(tx, {
            agencyId: agency.id,
            playerId: session.playerId,
            username: session.username,
            providerId,
            direction: 'OUT',
            amount: plan.totalCredit,
            reference: `withdraw:${id}:out`,
            kind: WITHDRAW_KIND,
            orderId: id,
            counterAccountId: await payableAccount(tx, agency.id),
          });
          return requested.transfer;
        });
      } catch (err) {
        if (err instanceof InsufficientFundsError) throw short();
        if (isUniqueViolation(err, 'withdrawals_one_open')) throw openExists();
        throw err;
      }
      await settleSoon(app, transfer);
      return reload(id);
    },

    /** The player's cancel: only while OPEN; the credit goes back to the provider once. */
    async cancel(agency: AgencyContext, session: PlayerSession, id: string): Promise<WithdrawalRow> {
      const transfer = await transactionWithRetry(db, async (tx) => {
        const w = await lockWithdrawal(tx, id);
        if (!w || w.agencyId !== agency.id || w.playerId !== session.playerId) throw notFound('no such withdrawal');
        if (w.status !== 'OPEN') throw new AppError('ORDER_NOT_OPEN', `the withdrawal is ${w.status}`);
        await tx
          .update(withdrawals)
          .set({ status: 'CANCELED', updatedAt: sql`now()` })
          .where(eq(withdrawals.id, id));
        return requestReturn(app, tx, { ...w, status: 'CANCELED' });
      });
      await settleSoon(app, transfer);
      return reload(id);
    },

    async open(agencyId: string, playerId: string): Promise<WithdrawalRow[]> {
      return db
        .select()
        .from(withdrawals)
        .where(and(ownedBy(agencyId, playerId), inArray(withdrawals.status, [...IN_PROGRESS])))
        .orderBy(desc(withdrawals.createdAt));
    },

    async page(agencyId: string, playerId: string, page: number, pageSize: number) {
      const where = ownedBy(agencyId, playerId);
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(withdrawals)
          .where(where)
          .orderBy(desc(withdrawals.createdAt), desc(withdrawals.transactionCode))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(withdrawals).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },
  };
}
