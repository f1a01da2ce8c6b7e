/** Provider transfers: one operation per file, the service that ties them together in ./service.ts. */
export * from './kinds.js';
export { TransferService } from './service.js';
export type { RequestItem } from './request.js';
