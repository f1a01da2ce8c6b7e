import type { IncomingHttpHeaders } from 'node:http';

/**
 * The bank-gateway port (DESIGN.md §5, "Real bank protocols"; docs/decisions/120): one interface
 * for every protocol a bank speaks, chosen per agency and per bank (agency_bank_config.protocol).
 * `sandbox` is this project's own protocol; the others are the banks' real merchant APIs.
 */
export const BANK_PROTOCOLS = ['sandbox', 'jdb-yes', 'lvb-openapi', 'bcel-onepay'] as const;
export type BankProtocol = (typeof BANK_PROTOCOLS)[number];

/** One deposit order as a bill at the bank. */
export interface BankBill {
  /** our bill number at the bank (the order's gateway reference): unique, at most 25 characters */
  reference: string;
  /** whole kip */
  amountLak: bigint;
  expiresAt: Date;
  /**
   * The LAO QR built from the agency's merchant configuration (tag 62 names the bill). A protocol
   * where the merchant writes the QR (sandbox, OnePay) registers or answers it; one where the bank
   * writes it (JDB, LVB) answers the bank's own EMV string instead.
   */
  payload: string;
  /** where the bank sends its payment notice, for protocols that take it per bill */
  callbackUrl?: string;
  /** a short text the bank shows the payer, for protocols that take one */
  description?: string;
}

export interface BankBillCreated {
  /** the QR the player scans: the bank's EMV string, or the payload we built */
  qrPayload: string;
  /** the sandbox's pay page for this QR (a real bank has none) */
  payUrl: string | null;
}

/** Who paid, as far as the bank tells (JDB's sourceAccount/sourceName, LVB's payer_id/payer_name). */
export interface BankPayer {
  account: string | null;
  name: string | null;
}

export type BankBillStatus =
  | {
      status: 'PAID';
      reference: string;
      bankReference: string;
      /** whole kip, as the bank booked it */
      amountLak: bigint;
      currency: string;
      paidAt: Date;
      payer?: BankPayer;
    }
  | { status: 'UNPAID' | 'EXPIRED' | 'NOT_FOUND'; reference: string };

/** One payment the bank booked: the answer of a lookup by bank reference, or one line of its list. */
export interface BankTransaction {
  /** our bill number the payment went to, when the bank knows it */
  reference: string | null;
  bankReference: string;
  amountLak: bigint;
  currency: string;
  paidAt: Date;
  payer?: BankPayer;
}

/**
 * A payment notice pushed by the bank (webhook, PubNub message): only ever a hint, confirmed with
 * `status` or `payment`. Some banks' notices name only the bill (LVB's): no bank reference then.
 */
export interface BankNotice {
  /** our bill number the notice names */
  reference: string;
  bankReference: string | null;
  /** what the notice claims was paid: logged, never booked */
  amountLak: bigint | null;
}

export interface BankGateway {
  readonly protocol: BankProtocol;
  /** Registers the bill; the same bill again is answered as before. Throws BankGatewayRefusedError or BankGatewayUnavailableError. */
  createBill(bill: BankBill): Promise<BankBillCreated>;
  /**
   * The bill made here, with no call to anyone (OnePay writes its QR from the merchant's data): the
   * order is written with its QR at once, and `createBill` is not asked. Throws BankGatewayRefusedError.
   */
  billLocally?(bill: BankBill): BankBillCreated;
  /** What the bank says of our bill now. Throws BankGatewayUnavailableError when it cannot say. */
  status(reference: string): Promise<BankBillStatus>;
  /** The payment with this bank reference, or null when the bank booked none (JDB checkTransactionByRef). */
  payment(bankReference: string): Promise<BankTransaction | null>;
  /** Makes the bill unpayable at the bank (its order expired or was cancelled); a bill already gone is fine. */
  disableBill(reference: string): Promise<void>;
  /** The payments the bank booked between the two instants (reconciliation). */
  listTransactions(from: Date, to: Date): Promise<BankTransaction[]>;
  /**
   * Checks a notice pushed by the bank against the RAW body and parses it; throws AppError
   * SIGNATURE_INVALID. Absent for protocols whose notices do not come by webhook.
   */
  verifyNotice?(headers: IncomingHttpHeaders, rawBody: string, now?: Date): BankNotice;
}

/** The gateway could not answer now (down, 5xx, timeout, garbage): ask again later, decide nothing. */
export class BankGatewayUnavailableError extends Error {
  override readonly name = 'BankGatewayUnavailableError';
}

/** The gateway definitely refused the request (bad QR, bill number taken by another order, limits…). */
export class BankGatewayRefusedError extends Error {
  override readonly name = 'BankGatewayRefusedError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
