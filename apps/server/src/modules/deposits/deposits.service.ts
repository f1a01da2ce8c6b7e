import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { DEPOSIT_EXPIRY_MINUTES } from '@app/contracts';
import { isUniqueViolation } from '../../db/errors.js';
import { playerOrderPages } from '../../db/player-orders.js';
import { depositOrders, type DepositOrderRow, type UnmatchedReason } from '../../db/schema/index.js';
import { enqueueJobSql } from '../../jobs/types.js';
import { BankGatewayRefusedError, BankGatewayUnavailableError, laoQrFor, type BankGateway } from '../../payments/index.js';
import { DEPOSIT_LIMITS } from './deposits.limits.js';
import { PaymentConfirmations } from './deposits.confirmations.js';
import { callbackLookups, confirmationJobs, DEPOSIT_CONFIRM_JOB, depositConfirmJob } from './deposits.durable.js';
import { gatewayCannotTakeOrders, noDepositWithReference, noSuchDeposit, notOpen, notPaid, openOrderExists } from './deposits.errors.js';
import { DEPOSIT_EXPIRY_JOB, depositExpiryJob } from './deposits.expiry.js';
import { DEPOSIT_TRANSFER_KIND } from './deposits.book.js';
import { approveHeld, rejectHeld } from './deposits.review.js';
import { priceDeposit, readForDeposit } from './deposits.pricing.js';
import { bookUnmatched, confirmUnmatched, keepUnmatchedPayment, refundOrderKip } from './deposits.unmatched.js';
import { createDepositSettlement, settleDepositTransfers } from './deposits.settlement.js';
import type { DepositsService, DepositsServiceDependencies } from './deposits.types.js';
import { nextTransactionCode } from '../shared/transaction-code.js';

/** The gateway's order reference: the code plus a random tail, unique across agencies, ≤ 25 characters. */
const gatewayReferenceOf = (code: string) => `${code}-${randomBytes(5).toString('hex').toUpperCase()}`;

export function createDepositsService(deps: DepositsServiceDependencies): DepositsService {
  const { db, log, config, bankGateways, transfers, worker, rateLimiter } = deps;
  const settlement = createDepositSettlement(deps);
  transfers.onSettledMany(DEPOSIT_TRANSFER_KIND, settleDepositTransfers(deps.promotions));
  worker.handle(DEPOSIT_EXPIRY_JOB, depositExpiryJob(deps, settlement));

  const confirmations = new PaymentConfirmations(
    (order, statusCalls) => settlement.confirmWithGateway(order, statusCalls),
    log,
    { retryBaseMs: config.WORKER_RETRY_BASE_MS, graceMs: 60_000, concurrency: config.BANK_STATUS_CONCURRENCY, maxPending: 10_000 },
    confirmationJobs(deps),
  );
  worker.handle(DEPOSIT_CONFIRM_JOB, depositConfirmJob(deps, confirmations));
  // the orders of the callbacks that arrive together, looked up (and their confirmations made durable) in one statement
  const lookups = callbackLookups(deps);

  const pages = playerOrderPages(db, depositOrders, 'deposits');

  const ownedBy = and(eq(depositOrders.agencyId, sql.placeholder('agencyId')), eq(depositOrders.playerId, sql.placeholder('playerId')));
  // prepared once: the open order is read on every visit to Deposit
  const ownQuery = db
    .select()
    .from(depositOrders)
    .where(and(eq(depositOrders.id, sql.placeholder('id')), ownedBy))
    .prepare('deposit_own');
  const openQuery = db
    .select()
    .from(depositOrders)
    .where(and(ownedBy, eq(depositOrders.status, 'OPEN')))
    .prepare('deposit_open');

  const own: DepositsService['own'] = async (session, id) => {
    const [order] = await ownQuery.execute({ id, agencyId: session.agencyId, playerId: session.playerId });
    if (!order) throw noSuchDeposit();
    return order;
  };

  const open: DepositsService['open'] = async (session) => {
    const [order] = await openQuery.execute({ agencyId: session.agencyId, playerId: session.playerId });
    return order ?? null;
  };

  return {
    own,
    open,
    confirmations,

    /**
     * An OPEN order (DESIGN.md §5 step 1): priced and written with its expiry job in one transaction
     * (the partial unique index keeps one open order per player even in a race), then registered at
     * the gateway, outside the transaction: a slow bank holds no connection. A gateway that cannot
     * take it cancels the order again: the player never saw its QR.
     */
    async create(agency, session, body) {
      // the open order, the provider's maintenance and the pricing's reads in one statement (decision 184),
      // the gateway alongside; an open order is said first, then a provider in maintenance (decision 175)
      const [reads, gatewayRead] = await Promise.allSettled([
        readForDeposit(deps, agency, session, body),
        bankGateways.for(agency.id, body.bank),
      ]);
      if (reads.status === 'rejected') throw reads.reason;
      if (reads.value.openOrder) throw openOrderExists();
      deps.providerMaintenance.assertOpenRead(body.providerId, reads.value.maintenance);
      const priced = await priceDeposit(deps, agency, session, body, reads.value);
      // a gateway that makes the bill here (OnePay) gives the order its QR in the insert: no call, no
      // second write; any other registers it after the commit (a failed read of the gateway: the same)
      const billLocally = gatewayRead.status === 'fulfilled' ? gatewayRead.value.billLocally : undefined;
      const now = new Date();
      const expiresAt = new Date(now.getTime() + DEPOSIT_EXPIRY_MINUTES * 60_000);
      let order: DepositOrderRow;
      try {
        order = await db.transaction(async (tx) => {
          // under the player's row lock: two orders racing a deposit limit take turns (decision 160)
          await deps.responsiblePlay.checkDeposit(tx, session, priced.amountLak);
          // the agency's code counter last, with the expiry job in its statement (the order's id made here):
          // its row, which every deposit of the agency takes, stays locked for the order's insert and the commit only
          const id = randomUUID();
          const expiry = enqueueJobSql(DEPOSIT_EXPIRY_JOB, { orderId: id }, { uniqueKey: `deposit-expiry:${id}`, runAt: expiresAt });
          const code = await nextTransactionCode(tx, agency.id, 'D', now, expiry);
          const gatewayReference = gatewayReferenceOf(code);
          const ours = laoQrFor(priced.bankConfig, { amountLak: priced.amountLak, billNumber: code, reference: gatewayReference });
          const qrPayload = billLocally
            ? billLocally({ reference: gatewayReference, payload: ours, amountLak: priced.amountLak, expiresAt, description: code })
                .qrPayload
            : ours;
          const [row] = await tx
            .insert(depositOrders)
            .values({
              id,
              agencyId: agency.id,
              playerId: session.playerId,
              transactionCode: code,
              providerId: body.providerId,
              mid: body.mid,
              bank: body.bank,
              amountLak: priced.amountLak,
              creditThb: priced.creditThb,
              sellRate: priced.sellRate,
              gatewayReference,
              qrPayload,
              expiresAt,
            })
            .returning();
          return row!;
        });
      } catch (err) {
        if (isUniqueViolation(err, 'deposit_orders_one_open')) throw openOrderExists();
        if (!(err instanceof BankGatewayRefusedError)) throw err;
        // refused before anything was written: no order is left, and the player reads what a refusal after the commit says
        log.warn({ err: err.message }, 'bank gateway did not take the deposit order');
        throw gatewayCannotTakeOrders();
      }
      if (billLocally) return order;
      try {
        const gateway = await bankGateways.for(agency.id, body.bank);
        const bill = await gateway.createBill({
          reference: order.gatewayReference,
          payload: order.qrPayload,
          amountLak: order.amountLak,
          expiresAt,
          description: order.transactionCode,
        });
        // a bank that writes the QR itself (JDB, LVB) answers its own EMV string: that is what the player scans
        if (bill.qrPayload !== order.qrPayload) {
          [order] = (await db
            .update(depositOrders)
            .set({ qrPayload: bill.qrPayload, updatedAt: sql`now()` })
            .where(eq(depositOrders.id, order.id))
            .returning()) as [DepositOrderRow];
        }
      } catch (err) {
        if (!(err instanceof BankGatewayUnavailableError || err instanceof BankGatewayRefusedError)) throw err;
        log.warn({ orderId: order.id, err: err.message }, 'bank gateway did not take the deposit order');
        await db
          .update(depositOrders)
          .set({ status: 'CANCELED', cancelReason: 'GATEWAY_ERROR', updatedAt: sql`now()` })
          .where(and(eq(depositOrders.id, order.id), eq(depositOrders.status, 'OPEN')));
        throw gatewayCannotTakeOrders();
      }
      return order;
    },

    async list(session, page) {
      return pages(session.agencyId, session.playerId, page.page, page.pageSize);
    },

    /**
     * A canceled order is asked too, so that a late payment is found. A settled order is answered
     * as it is; the gateway is asked once per order every few seconds and ten times a minute per
     * player, through the callbacks' bound on status calls (docs/decisions/040-repeated-calls.md):
     * a press in between answers RATE_LIMITED, the order still being what it was.
     */
    async check(session, id) {
      const order = await own(session, id);
      if (order.status !== 'OPEN' && order.status !== 'CANCELED') return order;
      await rateLimiter.consume(DEPOSIT_LIMITS.depositQuestionsPerOrder, `check:${order.id}`);
      await rateLimiter.consume(DEPOSIT_LIMITS.depositChecksPerPlayer, `${session.agencyId}:${session.playerId}`);
      const result = await settlement.confirmWithGateway(order, confirmations.statusCalls);
      if (!result.paid) throw notPaid();
      return result.order;
    },

    async confirmWithBank(agencyId, id) {
      const [order] = await db
        .select()
        .from(depositOrders)
        .where(and(eq(depositOrders.id, id), eq(depositOrders.agencyId, agencyId)));
      if (!order) throw noSuchDeposit();
      if (order.status !== 'OPEN' && order.status !== 'CANCELED') return { paid: order.bankReference !== null, order };
      await rateLimiter.consume(DEPOSIT_LIMITS.depositQuestionsPerOrder, `check:${order.id}`);
      const result = await settlement.confirmWithGateway(order, confirmations.statusCalls);
      return { paid: result.paid, order: result.order };
    },

    async cancel(session, id) {
      const order = await own(session, id);
      if (order.status !== 'OPEN') throw notOpen();
      // one order is canceled once: a burst of presses asks the gateway once
      await rateLimiter.consume(DEPOSIT_LIMITS.depositQuestionsPerOrder, `cancel:${order.id}`);
      const result = await settlement.confirmWithGateway(order, confirmations.statusCalls);
      if (result.paid) return result.order;
      return settlement.cancelIfOpen(order, 'PLAYER');
    },

    /**
     * The callback is acknowledged once its order is known (docs/decisions/024) and, for an order
     * not paid yet (OPEN, or CANCELED and perhaps paid late), its confirmation job written by the
     * same statement (060): it is confirmed in the background, by this process or, if it dies, by
     * another's worker; a settled one is only answered.
     */
    async callback(notice, { agencyId, gateway }) {
      const order = await lookups.run(notice.reference);
      // a payment that can credit no order is kept for staff (docs/decisions/059) once the bank confirms
      // it (decision 120): as the bank booked it, whatever the notice claimed; the answer stays what it was
      const keep = async (reason: UnmatchedReason, agency: string, orderId: string | null, asker: BankGateway) => {
        const payment = await confirmUnmatched(asker, notice, log);
        if (!payment) return;
        const { bankReference, amountLak, currency, paidAt } = payment;
        await keepUnmatchedPayment(db, {
          gatewayReference: notice.reference,
          bankReference,
          amountLak,
          currency,
          paidAt,
          agencyId: agency,
          orderId,
          reason,
        });
      };
      if (!order) {
        if (agencyId) await keep('NO_ORDER', agencyId, null, gateway);
        throw noDepositWithReference(notice.reference);
      }
      if (order.bankReference !== null) {
        if (order.bankReference !== notice.bankReference)
          await keep('PAID_TWICE', order.agencyId, order.id, await bankGateways.for(order.agencyId, order.bank));
        return { confirming: false, status: order.status };
      }
      confirmations.hint(order);
      return { confirming: true, status: order.status };
    },

    refundKip: {
      order: refundOrderKip,
      unmatched: (tx, payment, bankReference) => bookUnmatched(tx, payment, 'refund', { bankReference }),
    },
    review: {
      approve: (tx, a) => approveHeld(deps, tx, a),
      reject: rejectHeld,
    },
    close: () => confirmations.close(),
  };
}
