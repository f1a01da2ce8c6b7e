export * from './errors.js';
export * from './money.js';
export * from './convert.js';
export * from './agency.js';
export * from './common.js';
