// What other workspaces' tests use of the sandbox (package export `@app/sandbox/test-kit`): start one in
// process, and the shapes of the faults it injects and the callbacks it delivers. Nothing else of its
// source is imported from outside this workspace.
export { buildSandbox } from './app.js';
export { loadSandboxConfig, type SandboxConfig } from './config.js';
export { startMemoryDatabasesIn } from './test-database.js';
export type { Fault, FaultInput } from './provider/faults.js';
export type { BankFaults } from './bank/faults.js';
export type { PaymentView } from './bank/gateway.js';
export type { Delivery } from './bank/callbacks.js';
export type { AlertMessage } from './alerts/routes.js';
