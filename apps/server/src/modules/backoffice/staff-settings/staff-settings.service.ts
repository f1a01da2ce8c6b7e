import type { AuditAction } from '@app/contracts';
import { and, eq, sql } from 'drizzle-orm';
import {
  BANK_CODES,
  LaoQrError,
  buildLaoQr,
  parseLaoQr,
  publishedIinOf,
  type AgencySettingsResponse,
  type BankCode,
  type BankConfigBody,
} from '@app/contracts';
import type { Tx } from '../../../db/client.js';
import { transactionWithRetry } from '../../../db/errors.js';
import { agencies, agencyBankConfig, currencyRateHistory } from '../../../db/schema/index.js';
import { AppError, notFound } from '../../../errors.js';
import { writeAudit, type StaffActor } from '../../../audit/audit.js';
import { trimRate } from '../../shared/rates.js';
import { createRateService } from './staff-settings.rates.js';
import { createRejectReasons } from './staff-settings.reject-reasons.js';
import { keysetOrder } from '../../shared/keyset.js';
import type { StaffSettingsService, StaffSettingsServiceDependencies } from './staff-settings.types.js';

type BankConfigRow = typeof agencyBankConfig.$inferSelect;

const toBankConfig = (r: BankConfigRow) => ({
  bank: r.bank,
  iin: r.iin,
  publishedIin: publishedIinOf(r.bank),
  merchantId: r.merchantId,
  mcc: r.mcc,
  merchantName: r.merchantName,
  city: r.city,
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * The settings a QR is built from must still build one: the same function the deposits use, on a
 * sample order, read back. A bank without a published IIN (KBank) needs the agency's own.
 */
function assertQrBuilds(bank: BankCode, body: BankConfigBody): void {
  try {
    const payload = buildLaoQr({
      bank,
      ...body,
      iin: body.iin ?? undefined,
      amountLak: 20_000n,
      billNumber: 'D2601010001',
      reference: 'CHECK',
    });
    const read = parseLaoQr(payload);
    if (read.merchantId !== body.merchantId || read.mcc !== body.mcc) throw new LaoQrError('the QR does not read back');
  } catch (err) {
    if (!(err instanceof LaoQrError)) throw err;
    const field = body.iin === null && !publishedIinOf(bank) ? 'iin' : 'merchantId';
    throw new AppError('VALIDATION_FAILED', err.message, { [field]: field === 'iin' ? 'settings.qr.iin_required' : 'settings.qr.invalid' });
  }
}

export function createStaffSettingsService({ db }: StaffSettingsServiceDependencies): StaffSettingsService {
  const rates = createRateService(db);
  const audit = (tx: Tx, actor: StaffActor, action: AuditAction, entityType: string, entityId: string, before: object, after: object) =>
    writeAudit(tx, actor, { action, entityType, entityId, before, after });

  return {
    ...rates,
    ...createRejectReasons(db),

    async rateHistory(agencyId, id, cursor, limit) {
      const order = keysetOrder('desc', [
        { column: currencyRateHistory.changedAt, type: 'timestamptz' },
        { column: currencyRateHistory.id, type: 'bigint' },
      ]);
      const rows = await db
        .select({ h: currencyRateHistory, cursorKey: order.key })
        .from(currencyRateHistory)
        .where(and(eq(currencyRateHistory.agencyId, agencyId), eq(currencyRateHistory.currencyId, id), order.after(cursor)))
        .orderBy(...order.orderBy)
        .limit(limit + 1);
      const page = order.page(rows, limit);
      return {
        items: page.items.map(({ h }) => ({
          id: String(h.id),
          buyRate: trimRate(h.buyRate),
          sellRate: trimRate(h.sellRate),
          previousBuyRate: trimRate(h.previousBuyRate),
          previousSellRate: trimRate(h.previousSellRate),
          staffUsername: h.staffUsername,
          changedAt: h.changedAt.toISOString(),
        })),
        nextCursor: page.nextCursor,
      };
    },

    async agencySettings(agencyId): Promise<AgencySettingsResponse> {
      const [agency] = await db.select().from(agencies).where(eq(agencies.id, agencyId));
      if (!agency) throw notFound('no such agency');
      const banks = await db.select().from(agencyBankConfig).where(eq(agencyBankConfig.agencyId, agencyId));
      const order = (b: BankCode) => BANK_CODES.indexOf(b);
      return {
        name: agency.name,
        settings: agency.settings,
        social: agency.social,
        bankConfig: banks.sort((a, b) => order(a.bank) - order(b.bank)).map(toBankConfig),
      };
    },

    async updateAgencySettings(actor, body) {
      await transactionWithRetry(db, async (tx) => {
        const [before] = await tx.select().from(agencies).where(eq(agencies.id, actor.staff.agencyId)).for('update');
        if (!before) throw notFound('no such agency');
        await tx.update(agencies).set({ settings: body.settings, social: body.social }).where(eq(agencies.id, before.id));
        await audit(tx, actor, 'agency.settings', 'agency', before.id, { settings: before.settings, social: before.social }, body);
      });
    },

    async updateBankConfig(actor, bank, body) {
      assertQrBuilds(bank, body);
      const row = await transactionWithRetry(db, async (tx) => {
        const [before] = await tx
          .select()
          .from(agencyBankConfig)
          .where(and(eq(agencyBankConfig.agencyId, actor.staff.agencyId), eq(agencyBankConfig.bank, bank)))
          .for('update');
        const [after] = await tx
          .insert(agencyBankConfig)
          .values({ agencyId: actor.staff.agencyId, bank, ...body })
          .onConflictDoUpdate({ target: [agencyBankConfig.agencyId, agencyBankConfig.bank], set: { ...body, updatedAt: sql`now()` } })
          .returning();
        const fields = (r: BankConfigRow | undefined) =>
          r ? { iin: r.iin, merchantId: r.merchantId, mcc: r.mcc, merchantName: r.merchantName, city: r.city } : {};
        await audit(
          tx,
          actor,
          'agency.bank_config',
          'agency_bank_config',
          `${actor.staff.agencyId}:${bank}`,
          fields(before),
          fields(after),
        );
        return after!;
      });
      return { bankConfig: toBankConfig(row) };
    },
  };
}
