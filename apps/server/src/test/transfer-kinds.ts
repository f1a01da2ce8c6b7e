import type { FastifyInstance } from 'fastify';
import type { SettledHandler, TransferKind } from '../ledger/transfers/index.js';

/**
 * Transfer kinds of tests only (not declared in ledger/transfers/kinds.ts: the app never requests
 * them). A transfer of a kind without a handler is never settled, so a test that requests one
 * gives it a handler first.
 */
export const TEST_KIND = 'test' as TransferKind;
/** Credit given to a test player at a provider: settled by a handler that moves no order. */
export const TEST_FUND_KIND = 'test_fund' as TransferKind;

/** Gives a test kind its handler (none: the transfer settles without an order to move). */
export function settleTestKind(app: FastifyInstance, kind: TransferKind, handler: SettledHandler = async () => {}) {
  app.transfers.onSettled(kind, handler);
}
