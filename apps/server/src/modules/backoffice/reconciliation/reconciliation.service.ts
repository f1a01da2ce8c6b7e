import { and, eq, sql } from 'drizzle-orm';
import type { BankCode, KeysetPage, ProviderId, ReconciliationItem, ReconciliationSummary } from '@app/contracts';
import type { Db, Tx } from '../../../db/client.js';
import { bankReconciliationDifferences, depositOrders, unmatchedPayments } from '../../../db/schema/index.js';
import { writeAudit, type StaffActor } from '../../../audit/audit.js';
import { AppError, notFound } from '../../../errors.js';
import type { BankGateways } from '../../../payments/index.js';
import type { ProviderLookup } from '../../../providers/types.js';
import type { DepositsService } from '../../deposits/index.js';
import {
  closeDifference,
  differenceItem,
  keepsHistory,
  laoDayOf,
  listDifferences,
  reconciliationSummary,
  requestReconciliation,
} from '../../reconciliation/index.js';
import type { ServiceDependencies } from '../../service-dependencies.js';

export interface ReconciliationServiceDependencies extends Pick<ServiceDependencies, 'db'> {
  bankGateways: Pick<BankGateways, 'for'>;
  /** the deposits' own paths: an order confirmed with the bank, a payment that credits no order kept once the bank confirms it */
  deposits: Pick<DepositsService, 'confirmWithBank' | 'callback'>;
  /** which providers' protocols keep a history to compare (docs/decisions/142) */
  providers: ProviderLookup;
}

type Answer = { item: ReconciliationItem | null };

/**
 * The back office's view of the reconciliation with the banks and the providers (docs/decisions/139
 * and 142); every call scoped to the staff's agency.
 */
export interface ReconciliationService {
  list(
    agencyId: string,
    q: { bank?: BankCode; provider?: ProviderId; cursor?: string; limit: number },
  ): Promise<KeysetPage<ReconciliationItem>>;
  summary(agencyId: string): Promise<ReconciliationSummary>;
  /** a payment the bank has and we do not: asked of the bank again through the deposits' own paths (credited, or kept as unmatched) */
  confirm(actor: StaffActor, id: string): Promise<Answer>;
  /** closed by staff with what they did (nothing is moved) */
  resolve(actor: StaffActor, id: string, note: string): Promise<Answer>;
  /** the bank's or the provider's day so far compared now (a job) */
  run(actor: StaffActor, counterpart: { bank: BankCode } | { provider: ProviderId }): Promise<{ queued: true; day: string }>;
}

const notConfirmable = () =>
  new AppError('CONFLICT', 'only a payment the bank has and we do not can be asked about', {
    id: 'backoffice.reconciliation.not_confirmable',
  });

const noHistory = (provider: string) =>
  new AppError('CONFLICT', `${provider}'s protocol keeps no transfer history: it cannot be compared`, {
    provider: 'backoffice.reconciliation.no_history',
  });

export function createReconciliationService({
  db,
  bankGateways,
  deposits,
  providers,
}: ReconciliationServiceDependencies): ReconciliationService {
  async function openDifference(agencyId: string, id: string) {
    const [row] = await db
      .select()
      .from(bankReconciliationDifferences)
      .where(and(eq(bankReconciliationDifferences.id, id), eq(bankReconciliationDifferences.agencyId, agencyId)));
    if (!row) throw notFound('no such difference');
    return row;
  }

  /** Whether we now hold a payment under this bank reference: a credited order's or an unmatched one's. */
  async function recorded(db2: Db | Tx, agencyId: string, bankReference: string) {
    const [o] = await db2
      .select({ n: sql<number>`count(*)::int` })
      .from(depositOrders)
      .where(and(eq(depositOrders.agencyId, agencyId), eq(depositOrders.bankReference, bankReference)));
    const [u] = await db2
      .select({ n: sql<number>`count(*)::int` })
      .from(unmatchedPayments)
      .where(and(eq(unmatchedPayments.agencyId, agencyId), eq(unmatchedPayments.bankReference, bankReference)));
    return o!.n + u!.n > 0;
  }

  return {
    list: (agencyId, q) => listDifferences(db, { agencyId, ...q }),
    summary: (agencyId) => reconciliationSummary(db, agencyId),

    async confirm({ staff, ip }, id) {
      const agencyId = staff.agencyId;
      const d = await openDifference(agencyId, id);
      if (d.resolvedAt !== null) return { item: null };
      if (d.kind !== 'NOT_CREDITED' || d.gatewayReference === null || d.bank === null) throw notConfirmable();
      const [order] = d.orderId
        ? await db
            .select()
            .from(depositOrders)
            .where(and(eq(depositOrders.id, d.orderId), eq(depositOrders.agencyId, agencyId)))
        : [];
      if (order && order.bankReference === null) {
        // the order itself, confirmed as the player's check would: credited only if the bank says PAID
        const confirmed = await deposits.confirmWithBank(agencyId, order.id);
        if (!confirmed.paid) throw new AppError('ORDER_NOT_PAID', 'the bank does not say this order is paid');
      } else {
        // no order, or one paid with another reference: the bank's payment kept for refund, as its notice would be
        const gateway = await bankGateways.for(agencyId, d.bank!);
        await deposits
          .callback({ reference: d.gatewayReference, bankReference: d.bankReference, amountLak: null }, { agencyId, gateway })
          .catch((err: unknown) => {
            // a bill we never issued: the payment is kept all the same, the notice's answer is a 404
            if (!(err instanceof AppError && err.code === 'NOT_FOUND')) throw err;
          });
      }
      await db.transaction(async (tx) => {
        const cleared = (await recorded(tx, agencyId, d.bankReference))
          ? await closeDifference(tx, { agencyId, id, resolution: 'CLEARED', staffId: staff.staffId })
          : null;
        await writeAudit(
          tx,
          { staff, ip },
          {
            action: 'reconciliation.confirm',
            entityType: 'bank_reconciliation_difference',
            entityId: id,
            before: { kind: d.kind, bankReference: d.bankReference, orderId: d.orderId },
            after: { recorded: cleared !== null },
          },
        );
      });
      return { item: await differenceItem(db, agencyId, id) };
    },

    async resolve({ staff, ip }, id, note) {
      const agencyId = staff.agencyId;
      await openDifference(agencyId, id);
      await db.transaction(async (tx) => {
        const closed = await closeDifference(tx, { agencyId, id, resolution: 'RESOLVED', staffId: staff.staffId, note });
        // a repeat (already closed) changes nothing and writes no audit row
        if (closed)
          await writeAudit(
            tx,
            { staff, ip },
            {
              action: 'reconciliation.resolve',
              entityType: 'bank_reconciliation_difference',
              entityId: id,
              before: { kind: closed.kind, bankReference: closed.bankReference },
              after: { resolution: 'RESOLVED', note },
            },
          );
      });
      return { item: await differenceItem(db, agencyId, id) };
    },

    async run({ staff, ip }, counterpart) {
      const day = laoDayOf(new Date());
      if ('provider' in counterpart && !keepsHistory(providers.get(counterpart.provider))) throw noHistory(counterpart.provider);
      const [entityType, entityId] = 'bank' in counterpart ? ['bank', counterpart.bank] : ['provider', counterpart.provider];
      await db.transaction(async (tx) => {
        await requestReconciliation(tx, { agencyId: staff.agencyId, day, ...counterpart });
        await writeAudit(tx, { staff, ip }, { action: 'reconciliation.run', entityType, entityId, after: { day } });
      });
      return { queued: true, day };
    },
  };
}
