/**
 * Reconciliation with the banks (docs/decisions/138): each agency's bank compared
 * with our deposits once a day, the differences kept for staff, never acted on by itself.
 * The module's one public surface (decision 150).
 */
export { differenceItem, listDifferences, openBankDifferences, reconciliationSummary } from './reconciliation.differences.js';
export {
  PROVIDER_RECONCILIATION_JOB,
  RECONCILIATION_JOB,
  reconcileBankDay,
  reconcileProviderDay,
  registerReconciliationJobs,
  requestReconciliation,
} from './reconciliation.jobs.js';
export { keepsHistory, type ProviderReconcileInput } from './reconciliation.providers.js';
export { laoDayOf, type ReconcileInput } from './reconciliation.run.js';
export { closeDifference, type ReconcileScope } from './reconciliation.store.js';
