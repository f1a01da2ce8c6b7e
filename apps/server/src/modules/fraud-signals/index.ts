/**
 * Fraud signals: pairs of an agency's players that may be one person, written as money moves
 * (docs/decisions/164-fraud-signals.md). The module's one public surface (decision 150).
 */
export { createFraudSignalsService } from './fraud-signals.service.js';
export { fraudSignalsStaffRoutes } from './fraud-signals.staff-routes.js';
export { queueSignals, toQueueSignals } from './fraud-signals.queue.js';
export type { FraudSignalsService, SignalEvent, SignalPlayer } from './fraud-signals.types.js';
