import { fromMinor, type DepositOrder } from '@app/contracts';
import type { DepositOrderRow } from '../../db/schema/index.js';
import { trimRate } from '../shared/rates.js';

/** An order as the player sees it (contracts' depositOrderSchema). */
export function depositView(o: DepositOrderRow): DepositOrder {
  return {
    id: o.id,
    transactionCode: o.transactionCode,
    providerId: o.providerId as DepositOrder['providerId'],
    mid: o.mid,
    bank: o.bank,
    amount: fromMinor(o.amountLak, 'LAK'),
    currency: 'LAK',
    credit: fromMinor(o.creditThb, 'THB'),
    creditCurrency: 'THB',
    rate: trimRate(o.sellRate),
    status: o.status,
    createdAt: o.createdAt.toISOString(),
    expiresAt: o.expiresAt.toISOString(),
    paidAt: o.paidAt?.toISOString() ?? null,
  };
}
