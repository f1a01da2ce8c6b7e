import type { ReconciliationKind } from '@app/contracts';
import type { BankTransaction } from '../../payments/index.js';

/** A payment as we recorded it: a credited deposit order's, or an unmatched payment's. */
export interface OurPayment {
  bankReference: string;
  amountLak: bigint;
  paidAt: Date;
  gatewayReference: string | null;
  orderId: string | null;
  unmatchedPaymentId: string | null;
}

/**
 * One difference between the bank (or a provider) and us, as kept for staff. A provider's: the
 * transfer's reference in `bankReference`, THB satang in the amounts (the provider's, the ledger's),
 * its player in `playerId`.
 */
export interface Difference {
  kind: ReconciliationKind;
  bankReference: string;
  gatewayReference: string | null;
  orderId: string | null;
  unmatchedPaymentId: string | null;
  bankAmountLak: bigint | null;
  ourAmountLak: bigint | null;
  currency: string;
  paidAt: Date;
  playerId?: string | null;
}

export const notCredited = (t: BankTransaction, orderId: string | null): Difference => ({
  kind: 'NOT_CREDITED',
  bankReference: t.bankReference,
  gatewayReference: t.reference,
  orderId,
  unmatchedPaymentId: null,
  bankAmountLak: t.amountLak,
  ourAmountLak: null,
  currency: t.currency,
  paidAt: t.paidAt,
});

export const unknownAtBank = (o: OurPayment): Difference => ({
  kind: 'UNKNOWN_AT_BANK',
  bankReference: o.bankReference,
  gatewayReference: o.gatewayReference,
  orderId: o.orderId,
  unmatchedPaymentId: o.unmatchedPaymentId,
  bankAmountLak: null,
  ourAmountLak: o.amountLak,
  currency: 'LAK',
  paidAt: o.paidAt,
});

export const amountDiffers = (t: BankTransaction, o: OurPayment): Difference | null =>
  t.amountLak === o.amountLak && t.currency === 'LAK'
    ? null
    : {
        kind: 'AMOUNT_DIFFERS',
        bankReference: o.bankReference,
        gatewayReference: o.gatewayReference ?? t.reference,
        orderId: o.orderId,
        unmatchedPaymentId: o.unmatchedPaymentId,
        bankAmountLak: t.amountLak,
        ourAmountLak: o.amountLak,
        currency: t.currency,
        paidAt: t.paidAt,
      };

/**
 * The bank's payments against ours (docs/decisions/138). `bank` may reach past the window on both
 * sides (a payment booked at 23:59 by one clock and 00:00 by the other is still found); only its
 * payments inside the window count as not credited. `ours` holds what we recorded under every bank
 * reference the bank listed, wherever its day; `oursInWindow` what we recorded in the window.
 * Answers the differences found, and those of ours the list did not name: the caller asks the bank
 * about each by its reference before calling it unknown there (it may lie outside the listed span).
 */
export function compareWithBank(input: {
  bank: readonly BankTransaction[];
  from: Date;
  to: Date;
  ours: ReadonlyMap<string, OurPayment>;
  oursInWindow: readonly OurPayment[];
  orderOf: (t: BankTransaction) => string | null;
}): { differences: Difference[]; unlisted: OurPayment[] } {
  const differences: Difference[] = [];
  const listed = new Set<string>();
  for (const t of input.bank) {
    listed.add(t.bankReference);
    if (t.paidAt < input.from || t.paidAt >= input.to) continue;
    const ours = input.ours.get(t.bankReference);
    const d = ours ? amountDiffers(t, ours) : notCredited(t, input.orderOf(t));
    if (d) differences.push(d);
  }
  return { differences, unlisted: input.oursInWindow.filter((o) => !listed.has(o.bankReference)) };
}
