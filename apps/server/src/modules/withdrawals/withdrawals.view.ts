import { fromMinor, type BackofficeWithdrawal, type Withdrawal } from '@app/contracts';
import type { WithdrawalRow } from '../../db/schema/index.js';
import { trimRate } from '../shared/rates.js';

const thb = (v: bigint) => fromMinor(v, 'THB');

/** The wire form of a withdrawal, with SPEC.md §3's display fields. */
export function toWithdrawal(w: WithdrawalRow): Withdrawal {
  return {
    id: w.id,
    transactionCode: w.transactionCode,
    providerId: w.providerId,
    status: w.status,
    amount: thb(w.totalCredit),
    amountReceived: fromMinor(w.amountLak, 'LAK'),
    receivedCurrency: 'LAK',
    rate: trimRate(w.rate),
    bank: w.bank,
    accountName: w.accountName,
    accountNumber: w.accountNumber,
    creditReceived: thb(w.creditReceived),
    creditReturned: thb(w.creditReturned),
    promoCredit: thb(w.promoCredit),
    totalCredit: thb(w.totalCredit),
    rejectReason: w.rejectReason,
    bankReference: w.status === 'SUCCESS' ? w.bankReference : null,
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
  };
}

export function toBackofficeWithdrawal(w: WithdrawalRow, playerUsername: string): BackofficeWithdrawal {
  return {
    ...toWithdrawal(w),
    playerId: w.playerId,
    playerUsername,
    bankReference: w.bankReference,
    decidedBy: w.decidedBy,
    twoApprovals: w.twoApprovals,
    firstApproval:
      w.status === 'OPEN' && w.firstApprovedAt !== null
        ? { staffUsername: w.firstApprovedUsername ?? '', at: w.firstApprovedAt.toISOString() }
        : null,
  };
}
