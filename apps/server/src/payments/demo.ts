import { and, eq } from 'drizzle-orm';
import type { BankCode } from '@app/contracts';
import type { Db } from '../db/client.js';
import { agencyBankConfig } from '../db/schema/index.js';
import { credentialsKey } from '../lib/credentials.js';
import { BANK_ADAPTERS } from './adapters.js';
import type { BankProtocol } from './bank-gateway.js';
import { setBankProtocol } from './bank-gateways.js';
import type { JdbCredentials } from './jdb-yes.js';
import type { LvbCredentials } from './lvb-openapi.js';
import type { OnePayCredentials } from './onepay/adapter.js';

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

/** The demo's JDB partner: the sandbox's development values for its one partner (apps/sandbox/src/config.ts). */
export const demoJdb = (sandboxUrl: string): JdbCredentials => ({
  baseUrl: `${sandboxUrl}/jdb`,
  partnerId: 'SANDBOXJDB',
  clientId: 'sandbox-jdb-client',
  clientSecret: 'sandbox-jdb-client-secret-change-me',
  signSecret: 'sandbox-jdb-sign-secret-change-me',
  merchantId: 'DEMO-JDB-001',
});

/** The demo's LVB merchant: the sandbox's development values for its one login (apps/sandbox/src/config.ts). */
export const demoLvb = (sandboxUrl: string): LvbCredentials => ({
  baseUrl: `${sandboxUrl}/lvb`,
  serviceId: 'SANDBOXLVB',
  merchantId: 'DEMO-LVB-001',
  merchantName: 'Lao Credit Demo',
  username: 'sandbox-lvb-user',
  password: 'sandbox-lvb-password-change-me',
  privateKey: 'sandbox-lvb-private-key-change-me',
});

/**
 * The demo agency on the banks' own protocols, served by the sandbox (docs/decisions/136):
 * BCEL through OnePay, JDB through Yes, LVB through the Open API; the other banks keep the sandbox's.
 * Only a configuration still on the sandbox protocol is switched: one an operator changed is left alone.
 */
export async function seedDemoBankProtocols(
  db: Db,
  agencyId: string,
  config: { NODE_ENV: string; CREDENTIALS_KEY?: string | undefined; SANDBOX_URL: string },
): Promise<void> {
  const demo: Array<{ bank: BankCode; protocol: BankProtocol; credentials: unknown }> = [
    { bank: 'bcel', protocol: 'bcel-onepay', credentials: DEMO_ONEPAY },
    { bank: 'jdb', protocol: 'jdb-yes', credentials: demoJdb(config.SANDBOX_URL) },
    { bank: 'lvb', protocol: 'lvb-openapi', credentials: demoLvb(config.SANDBOX_URL) },
  ];
  for (const { bank, protocol, credentials } of demo) {
    const [row] = await db
      .select({ protocol: agencyBankConfig.protocol })
      .from(agencyBankConfig)
      .where(and(eq(agencyBankConfig.agencyId, agencyId), eq(agencyBankConfig.bank, bank)));
    if (!row || row.protocol !== 'sandbox') continue;
    await setBankProtocol(db, agencyId, bank, { protocol, credentials }, { key: credentialsKey(config), factories: BANK_ADAPTERS });
  }
}
