/**
 * Reconciliation with the banks (issue #30 item 6, docs/decisions/138): each agency's bank compared
 * with our deposits once a day, the differences kept for staff, never acted on by itself.
 * The module's one public surface (decision 150).
 */
export { differenceItem, listDifferences, openBankDifferences, reconciliationSummary } from './reconciliation.differences.js';
export { RECONCILIATION_JOB, reconcileBankDay, registerReconciliationJobs, requestReconciliation } from './reconciliation.jobs.js';
export { laoDayOf, type ReconcileInput } from './reconciliation.run.js';
export { closeDifference } from './reconciliation.store.js';
