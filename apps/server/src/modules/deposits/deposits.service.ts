import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { DEPOSIT_EXPIRY_MINUTES, type CreateDepositBody, type PageQuery } from '@app/contracts';
import { depositOrders, type DepositOrderRow } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import { enqueue } from '../../jobs/queue.js';
import type { AgencyContext } from '../../plugins/agency.js';
import type { PlayerSession } from '../../plugins/session.js';
import { BankGatewayRefusedError, BankGatewayUnavailableError, laoQrFor } from '../../payments/index.js';
import { isUniqueViolation } from '../../db/errors.js';
import { priceDeposit } from './deposits.rules.js';
import { DEPOSIT_EXPIRY_JOB } from './deposits.expiry.js';
import { cancelIfOpen, confirmWithGateway } from './deposits.settlement.js';
import { nextTransactionCode } from './transaction-code.js';

const openOrderExists = () => new AppError('DEPOSIT_OPEN_ORDER_EXISTS', 'close the open deposit order first');

/** The gateway's order reference: the code plus a random tail, unique across agencies, ≤ 25 characters. */
const gatewayReferenceOf = (code: string) => `${code}-${randomBytes(5).toString('hex').toUpperCase()}`;

/** The player's own order, or 404 (another player's id looks exactly like a missing one). */
export async function ownOrder(app: FastifyInstance, session: PlayerSession, id: string): Promise<DepositOrderRow> {
  const [order] = await app.db
    .select()
    .from(depositOrders)
    .where(and(eq(depositOrders.id, id), eq(depositOrders.playerId, session.playerId), eq(depositOrders.agencyId, session.agencyId)));
  if (!order) throw notFound('no such deposit');
  return order;
}

export async function openOrderOf(app: FastifyInstance, session: PlayerSession): Promise<DepositOrderRow | null> {
  const [order] = await app.db
    .select()
    .from(depositOrders)
    .where(
      and(eq(depositOrders.playerId, session.playerId), eq(depositOrders.agencyId, session.agencyId), eq(depositOrders.status, 'OPEN')),
    );
  return order ?? null;
}

/**
 * An OPEN order (DESIGN.md §5 step 1): priced and written with its expiry job in one transaction
 * (the partial unique index keeps one open order per player even in a race), then registered at
 * the gateway. A gateway that cannot take it cancels the order again: the player never saw its QR.
 */
export async function createDeposit(
  app: FastifyInstance,
  agency: AgencyContext,
  session: PlayerSession,
  body: CreateDepositBody,
): Promise<DepositOrderRow> {
  if (await openOrderOf(app, session)) throw openOrderExists();
  const priced = await priceDeposit(app, agency, session, body);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + DEPOSIT_EXPIRY_MINUTES * 60_000);
  let order: DepositOrderRow;
  try {
    order = await app.db.transaction(async (tx) => {
      const code = await nextTransactionCode(tx, agency.id, now);
      const gatewayReference = gatewayReferenceOf(code);
      const qrPayload = laoQrFor(priced.bankConfig, { amountLak: priced.amountLak, billNumber: code, reference: gatewayReference });
      const [row] = await tx
        .insert(depositOrders)
        .values({
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
      await enqueue(tx, {
        type: DEPOSIT_EXPIRY_JOB,
        payload: { orderId: row!.id },
        uniqueKey: `deposit-expiry:${row!.id}`,
        runAt: expiresAt,
      });
      return row!;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'deposit_orders_one_open')) throw openOrderExists();
    throw err;
  }
  try {
    await app.bankGateway.createOrder({
      reference: order.gatewayReference,
      payload: order.qrPayload,
      amountLak: order.amountLak,
      expiresAt,
    });
  } catch (err) {
    if (!(err instanceof BankGatewayUnavailableError || err instanceof BankGatewayRefusedError)) throw err;
    app.log.warn({ orderId: order.id, err: err.message }, 'bank gateway did not take the deposit order');
    await app.db
      .update(depositOrders)
      .set({ status: 'CANCELED', cancelReason: 'GATEWAY_ERROR', updatedAt: sql`now()` })
      .where(and(eq(depositOrders.id, order.id), eq(depositOrders.status, 'OPEN')));
    throw new AppError('BANK_GATEWAY_UNAVAILABLE', 'the bank cannot take deposits now, try again in a moment');
  }
  return order;
}

export async function listDeposits(app: FastifyInstance, session: PlayerSession, page: PageQuery) {
  const where = and(eq(depositOrders.playerId, session.playerId), eq(depositOrders.agencyId, session.agencyId));
  const [items, [total]] = await Promise.all([
    app.db
      .select()
      .from(depositOrders)
      .where(where)
      .orderBy(desc(depositOrders.createdAt), desc(depositOrders.transactionCode))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    app.db.select({ n: count() }).from(depositOrders).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

/**
 * The "check" button: asks the gateway now. Paid → settled, the order answered; not paid →
 * ORDER_NOT_PAID ("scan the QR"). A canceled order is asked too, so a late payment is found.
 */
export async function checkDeposit(app: FastifyInstance, session: PlayerSession, id: string): Promise<DepositOrderRow> {
  const order = await ownOrder(app, session, id);
  if (order.status !== 'OPEN' && order.status !== 'CANCELED') return order;
  const result = await confirmWithGateway(app, order);
  if (!result.paid) throw new AppError('ORDER_NOT_PAID', 'the order has not been paid, so scan the QR');
  return result.order;
}

/** OPEN → CANCELED, after asking the gateway, so that a paid order is never canceled. */
export async function cancelDeposit(app: FastifyInstance, session: PlayerSession, id: string): Promise<DepositOrderRow> {
  const order = await ownOrder(app, session, id);
  if (order.status !== 'OPEN') throw new AppError('ORDER_NOT_OPEN', 'only an open order can be canceled');
  const result = await confirmWithGateway(app, order);
  if (result.paid) return result.order;
  return cancelIfOpen(app, id, 'PLAYER');
}
