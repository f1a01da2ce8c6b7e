import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { agencyBankConfig } from '../../db/schema/index.js';
import { credentialsKey } from '../../lib/credentials.js';
import { BANK_ADAPTERS } from '../adapters.js';
import { setBankProtocol } from '../bank-gateways.js';
import type { OnePayCredentials } from './adapter.js';

/**
 * The demo's OnePay merchant: the sandbox's default BCEL merchant (its ONEPAY_SHOPS) and its public
 * subscribe key, on the sandbox's PubNub-compatible service. Invented values, like every demo secret.
 */
export const DEMO_ONEPAY: OnePayCredentials = {
  mcid: 'mchLAOCREDITDEMO',
  shopcode: 'LCDEMO01',
  subscribeKey: 'sub-c-sandbox-onepay-subscribe',
  origin: 'sandbox',
};

/**
 * The demo agency takes BCEL through OnePay (issue #30: `npm start` runs on the real protocols). Only
 * a configuration still on the sandbox protocol is switched: one an operator changed is left alone.
 */
export async function seedDemoOnePay(
  db: Db,
  agencyId: string,
  config: { NODE_ENV: string; CREDENTIALS_KEY?: string | undefined },
): Promise<void> {
  const [row] = await db
    .select({ protocol: agencyBankConfig.protocol })
    .from(agencyBankConfig)
    .where(and(eq(agencyBankConfig.agencyId, agencyId), eq(agencyBankConfig.bank, 'bcel')));
  if (!row || row.protocol !== 'sandbox') return;
  await setBankProtocol(
    db,
    agencyId,
    'bcel',
    { protocol: 'bcel-onepay', credentials: DEMO_ONEPAY },
    { key: credentialsKey(config), factories: BANK_ADAPTERS },
  );
}
