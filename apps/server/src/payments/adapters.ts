import type { BankAdapterFactories } from './bank-gateways.js';

/** The bank protocols this build speaks besides `sandbox`, by name (agency_bank_config.protocol). */
export const BANK_ADAPTERS: BankAdapterFactories = {};
