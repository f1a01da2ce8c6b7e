import { and, asc, eq, sql } from 'drizzle-orm';
import { DEFAULT_AGENCY_SETTINGS, rateChangeBeyondBound, type CurrencyRatesBody, type StaffCurrency } from '@app/contracts';
import type { Db, Tx } from '../../../db/client.js';
import { transactionWithRetry } from '../../../db/errors.js';
import { agencies, currencies, currencyRateHistory, currencyRateRequests } from '../../../db/schema/index.js';
import { AppError, notFound } from '../../../errors.js';
import { writeAudit, type StaffActor } from '../../../audit/audit.js';
import { currencyView, trimRate } from '../../shared/rates.js';

/**
 * A currency's rates (docs/decisions/172-rate-change-guard.md): a change within the
 * agency's bound applies at once; beyond it, it waits until a second staff user approves it. Every step
 * is one transaction with its audit row.
 */
type CurrencyRow = typeof currencies.$inferSelect;
type RequestRow = typeof currencyRateRequests.$inferSelect;

const toRequest = (r: RequestRow) => ({
  id: r.id,
  buyRate: trimRate(r.buyRate),
  sellRate: trimRate(r.sellRate),
  isEnabled: r.isEnabled,
  previousBuyRate: trimRate(r.previousBuyRate),
  previousSellRate: trimRate(r.previousSellRate),
  requestedBy: r.requestedUsername,
  requestedAt: r.createdAt.toISOString(),
});

const toCurrency = (r: CurrencyRow, pending: RequestRow | undefined): StaffCurrency => ({
  ...currencyView(r),
  id: r.id,
  updatedAt: r.updatedAt.toISOString(),
  pending: pending ? toRequest(pending) : null,
});

const fields = (c: { buyRate: string; sellRate: string; isEnabled: boolean }) => ({
  buyRate: trimRate(c.buyRate),
  sellRate: trimRate(c.sellRate),
  isEnabled: c.isEnabled,
});

async function lockCurrency(tx: Tx, agencyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(currencies)
    .where(and(eq(currencies.agencyId, agencyId), eq(currencies.id, id)))
    .for('update');
  if (!row) throw notFound('no such currency');
  const [pending] = await tx
    .select()
    .from(currencyRateRequests)
    .where(and(eq(currencyRateRequests.agencyId, agencyId), eq(currencyRateRequests.currencyId, id)));
  return { row, pending };
}

/** writes the rates, and a history row when buy or sell changed */
async function applyRates(tx: Tx, actor: StaffActor, before: CurrencyRow, body: CurrencyRatesBody) {
  const [after] = await tx
    .update(currencies)
    .set({ buyRate: body.buyRate, sellRate: body.sellRate, isEnabled: body.isEnabled, updatedAt: sql`now()` })
    .where(eq(currencies.id, before.id))
    .returning();
  const [was, now] = [fields(before), fields(after!)];
  if (was.buyRate !== now.buyRate || was.sellRate !== now.sellRate) {
    await tx.insert(currencyRateHistory).values({
      agencyId: before.agencyId,
      currencyId: before.id,
      buyRate: body.buyRate,
      sellRate: body.sellRate,
      previousBuyRate: before.buyRate,
      previousSellRate: before.sellRate,
      staffId: actor.staff.staffId,
      staffUsername: actor.staff.username,
    });
  }
  return after!;
}

export function createRateService(db: Db) {
  const boundOf = async (tx: Db | Tx, agencyId: string) => {
    const [agency] = await tx.select({ settings: agencies.settings }).from(agencies).where(eq(agencies.id, agencyId));
    return agency?.settings.rateChangeBoundPercent ?? DEFAULT_AGENCY_SETTINGS.rateChangeBoundPercent;
  };

  return {
    async currencies(agencyId: string) {
      const [rows, pending, rateChangeBoundPercent] = await Promise.all([
        db.select().from(currencies).where(eq(currencies.agencyId, agencyId)).orderBy(asc(currencies.code)),
        db.select().from(currencyRateRequests).where(eq(currencyRateRequests.agencyId, agencyId)),
        boundOf(db, agencyId),
      ]);
      return {
        currencies: rows.map((r) =>
          toCurrency(
            r,
            pending.find((p) => p.currencyId === r.id),
          ),
        ),
        rateChangeBoundPercent,
      };
    },

    /** within the bound: applied; beyond it: kept waiting (replacing an older waiting change) */
    async updateRates(actor: StaffActor, id: string, body: CurrencyRatesBody) {
      const currency = await transactionWithRetry(db, async (tx) => {
        const agencyId = actor.staff.agencyId;
        const { row: before, pending } = await lockCurrency(tx, agencyId, id);
        const was = fields(before);
        if (!rateChangeBeyondBound(was, body, await boundOf(tx, agencyId))) {
          const after = await applyRates(tx, actor, before, body);
          await writeAudit(tx, actor, {
            action: 'currency.update',
            entityType: 'currency',
            entityId: id,
            before: { code: before.code, ...was },
            after: { code: before.code, ...fields(after) },
          });
          return toCurrency(after, pending);
        }
        const values = {
          buyRate: body.buyRate,
          sellRate: body.sellRate,
          isEnabled: body.isEnabled,
          previousBuyRate: before.buyRate,
          previousSellRate: before.sellRate,
          requestedBy: actor.staff.staffId,
          requestedUsername: actor.staff.username,
        };
        const [request] = await tx
          .insert(currencyRateRequests)
          .values({ agencyId, currencyId: id, ...values })
          .onConflictDoUpdate({ target: currencyRateRequests.currencyId, set: { ...values, createdAt: sql`now()` } })
          .returning();
        await writeAudit(tx, actor, {
          action: 'currency.rate_request',
          entityType: 'currency',
          entityId: id,
          before: { code: before.code, ...was },
          after: { code: before.code, ...fields(body) },
        });
        return toCurrency(before, request);
      });
      return { currency };
    },

    /** a second staff user applies the waiting change, if the rates are still those it was asked from */
    async approveRates(actor: StaffActor, id: string) {
      const currency = await transactionWithRetry(db, async (tx) => {
        const { row: before, pending } = await lockCurrency(tx, actor.staff.agencyId, id);
        if (!pending) throw notFound('no rate change is waiting');
        if (pending.requestedBy === actor.staff.staffId) throw new AppError('RATE_APPROVAL_BY_OTHER');
        const was = fields(before);
        if (was.buyRate !== trimRate(pending.previousBuyRate) || was.sellRate !== trimRate(pending.previousSellRate)) {
          throw new AppError('RATE_REQUEST_STALE');
        }
        const body = { buyRate: trimRate(pending.buyRate), sellRate: trimRate(pending.sellRate), isEnabled: pending.isEnabled };
        const after = await applyRates(tx, actor, before, body);
        await tx.delete(currencyRateRequests).where(eq(currencyRateRequests.id, pending.id));
        await writeAudit(tx, actor, {
          action: 'currency.rate_approve',
          entityType: 'currency',
          entityId: id,
          before: { code: before.code, ...was },
          after: { code: before.code, ...fields(after), requestedBy: pending.requestedUsername },
        });
        return toCurrency(after, undefined);
      });
      return { currency };
    },

    /** the waiting change dropped (by anyone who may change rates, its author included) */
    async rejectRates(actor: StaffActor, id: string) {
      const currency = await transactionWithRetry(db, async (tx) => {
        const { row, pending } = await lockCurrency(tx, actor.staff.agencyId, id);
        if (!pending) throw notFound('no rate change is waiting');
        await tx.delete(currencyRateRequests).where(eq(currencyRateRequests.id, pending.id));
        await writeAudit(tx, actor, {
          action: 'currency.rate_reject',
          entityType: 'currency',
          entityId: id,
          before: { code: row.code, ...fields(pending), requestedBy: pending.requestedUsername },
          after: { code: row.code, ...fields(row) },
        });
        return toCurrency(row, undefined);
      });
      return { currency };
    },
  };
}
