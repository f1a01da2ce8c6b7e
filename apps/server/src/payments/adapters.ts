import type { BankAdapterFactories } from './bank-gateways.js';
import { createJdbYesGateway } from './jdb-yes.js';
import { createLvbOpenApiGateway } from './lvb-openapi.js';
import { createOnePayGateway } from './onepay/adapter.js';

/** The bank protocols this build speaks besides `sandbox`, by name (agency_bank_config.protocol). */
export const BANK_ADAPTERS: BankAdapterFactories = {
  'jdb-yes': createJdbYesGateway,
  'lvb-openapi': createLvbOpenApiGateway,
  'bcel-onepay': createOnePayGateway,
};
