import { and, eq, or, type SQL } from 'drizzle-orm';
import {
  readLaoQr,
  type BankCode,
  type LaoQrReading,
  type QrInspectBank,
  type QrInspectOrder,
  type QrInspectResponse,
  type QrReading,
} from '@app/contracts';
import type { Db } from '../../db/client.js';
import { agencyBankConfig, depositOrders, onepayPayments, players, type DepositOrderRow } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { isOnePayGateway, type BankGateway } from '../../payments/index.js';

export interface QrInspectDependencies {
  db: Db;
  /** the agency's adapter for a bank (its status call; OnePay's merchant) */
  gatewayFor: (agencyId: string, bank: BankCode) => Promise<BankGateway>;
}

export interface QrInspectService {
  inspect(agencyId: string, payload: string): Promise<QrInspectResponse>;
}

const invalid = (code: string, message: string) => new AppError('QR_INVALID', message, { payload: `qr.reason.${code}` });

function view(qr: LaoQrReading): QrReading {
  return {
    kind: qr.kind,
    initiation: qr.initiation,
    bank: qr.bank,
    iin: qr.iin,
    merchantId: qr.merchantId,
    merchantName: qr.merchantName,
    merchantNameAlternate: qr.alternate?.name ?? null,
    city: qr.city,
    country: qr.country,
    mcc: qr.mcc,
    amount: qr.amountLak?.toString() ?? null,
    currency: qr.currency,
    billNumber: qr.billNumber,
    reference: qr.reference,
    terminal: qr.terminal,
    description: qr.description,
    unionPay: qr.unionPay,
    slip: qr.slip,
    countryCitySwapped: qr.countryCitySwapped,
    crc: qr.crc,
  };
}

/**
 * Staff inspect a QR (docs/decisions/134): read it as any bank's QR is read, find the order it names in
 * the staff member's own agency only — by our reference or bill number (tag 62), or, on a slip, by
 * the bank reference it carries (fccref) — and ask the bank about that order now.
 */
export function createQrInspectService({ db, gatewayFor }: QrInspectDependencies): QrInspectService {
  async function findOrder(agencyId: string, qr: LaoQrReading): Promise<(DepositOrderRow & { username: string }) | null> {
    const by: SQL[] = [];
    if (qr.reference) by.push(eq(depositOrders.gatewayReference, qr.reference));
    if (qr.billNumber) by.push(eq(depositOrders.transactionCode, qr.billNumber));
    const fccref = qr.slip?.fccref;
    if (fccref) {
      by.push(eq(depositOrders.bankReference, fccref));
      // a OnePay payment heard on the agency's channel names its order by the transaction uuid
      const [heard] = await db
        .select({ uuid: onepayPayments.uuid })
        .from(onepayPayments)
        .where(and(eq(onepayPayments.agencyId, agencyId), eq(onepayPayments.fccref, fccref)));
      if (heard) by.push(eq(depositOrders.gatewayReference, heard.uuid));
    }
    if (by.length === 0) return null;
    const [row] = await db
      .select({ order: depositOrders, username: players.username })
      .from(depositOrders)
      .innerJoin(players, and(eq(players.id, depositOrders.playerId), eq(players.agencyId, depositOrders.agencyId)))
      .where(and(eq(depositOrders.agencyId, agencyId), or(...by)))
      .limit(1);
    return row ? { ...row.order, username: row.username } : null;
  }

  async function ask(order: DepositOrderRow): Promise<QrInspectBank> {
    try {
      const s = await (await gatewayFor(order.agencyId, order.bank)).status(order.gatewayReference);
      if (s.status !== 'PAID') return { status: s.status, bankReference: null, amount: null, paidAt: null };
      return { status: 'PAID', bankReference: s.bankReference, amount: s.amountLak.toString(), paidAt: s.paidAt.toISOString() };
    } catch {
      return { status: 'UNAVAILABLE', bankReference: null, amount: null, paidAt: null };
    }
  }

  async function ourMerchant(agencyId: string, qr: LaoQrReading): Promise<boolean | null> {
    if (!qr.bank || !qr.merchantId) return null;
    const [config] = await db
      .select({ merchantId: agencyBankConfig.merchantId })
      .from(agencyBankConfig)
      .where(and(eq(agencyBankConfig.agencyId, agencyId), eq(agencyBankConfig.bank, qr.bank)));
    if (config?.merchantId === qr.merchantId) return true;
    // a OnePay QR names the mcid BCEL issued for OnePay, kept with the agency's credentials
    if (qr.kind !== 'onepay') return false;
    const gateway = await gatewayFor(agencyId, qr.bank).catch(() => null);
    return gateway !== null && isOnePayGateway(gateway) && gateway.merchant.mcid === qr.merchantId;
  }

  return {
    async inspect(agencyId, payload) {
      const read = readLaoQr(payload);
      if (!read.ok) throw invalid(read.error.code, `Not a LAO QR a bank issues: ${read.error.message}.`);
      const qr = read.qr;
      const found = await findOrder(agencyId, qr);
      const order: QrInspectOrder | null = found && {
        id: found.id,
        transactionCode: found.transactionCode,
        playerUsername: found.username,
        status: found.status,
        bank: found.bank,
        amount: found.amountLak.toString(),
        bankReference: found.bankReference,
        createdAt: found.createdAt.toISOString(),
        expiresAt: found.expiresAt.toISOString(),
        paidAt: found.paidAt?.toISOString() ?? null,
      };
      return {
        payload: payload.trim(),
        qr: view(qr),
        ourMerchant: await ourMerchant(agencyId, qr),
        order,
        bank: found ? await ask(found) : null,
      };
    },
  };
}
