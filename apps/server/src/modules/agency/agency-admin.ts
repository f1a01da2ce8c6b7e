import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_AGENCY_SETTINGS } from '@app/contracts';
import type { Db, Tx } from '../../db/client.js';
import { agencies, agencyHosts, currencies, type Social } from '../../db/schema/index.js';

/** The five social links of a new agency: present and empty until staff fill them in the settings screen. */
export const EMPTY_SOCIAL: Social = { telegram: '', whatsapp: '', facebook: '', twitter: '', line: '' };

/**
 * A new agency's currencies: kip enabled, baht and dollars present and off; rates in units of the
 * currency per 1 THB of credit (docs/decisions/001-money-representation.md), for staff to set.
 */
const defaultCurrencies = (agencyId: string, lakMid: string | null) => [
  {
    agencyId,
    code: 'LAK' as const,
    mid: lakMid,
    displayName: 'ກີບ (LAK)',
    currency: 'LAK' as const,
    buyRate: '640',
    sellRate: '690',
    isEnabled: true,
  },
  {
    agencyId,
    code: 'THB' as const,
    mid: null,
    displayName: 'บาท (THB)',
    currency: 'THB' as const,
    buyRate: '1',
    sellRate: '1',
    isEnabled: false,
  },
  {
    agencyId,
    code: 'USD' as const,
    mid: null,
    displayName: 'US Dollar (USD)',
    currency: 'USD' as const,
    buyRate: '0.0280',
    sellRate: '0.0290',
    isEnabled: false,
  },
];

export interface NewAgency {
  code: string;
  name: string;
  /** the first is its primary host (links back to the site are built on it) */
  hosts: string[];
  social?: Social;
  /** the merchant id of its kip QR, when the bank has given one */
  lakMid?: string | null;
}

/**
 * An agency as every one starts (the demo seed's and `npm run ops -- agency create`'s): its hosts,
 * the default settings, its social links (empty unless given) and the default currencies, in the
 * caller's transaction. Answers its id.
 */
export async function createAgency(tx: Db | Tx, a: NewAgency): Promise<string> {
  const [agency] = await tx
    .insert(agencies)
    .values({ code: a.code, name: a.name, social: a.social ?? EMPTY_SOCIAL, settings: DEFAULT_AGENCY_SETTINGS })
    .returning({ id: agencies.id });
  const id = agency!.id;
  await addAgencyHosts(tx, id, a.hosts);
  await tx.insert(currencies).values(defaultCurrencies(id, a.lakMid ?? null));
  return id;
}

/** Host names as the agency lookup compares them: lower case, no port. */
export const normalHost = (host: string) => host.trim().toLowerCase().replace(/:\d+$/, '');

/** Binds hosts to an agency; the first becomes its primary when it has none. */
export async function addAgencyHosts(tx: Db | Tx, agencyId: string, hosts: string[]): Promise<void> {
  const [primary] = await tx
    .select({ host: agencyHosts.host })
    .from(agencyHosts)
    .where(and(eq(agencyHosts.agencyId, agencyId), eq(agencyHosts.isPrimary, true)));
  await tx.insert(agencyHosts).values(hosts.map((host, i) => ({ host: normalHost(host), agencyId, isPrimary: !primary && i === 0 })));
}

/** Unbinds a host; when it was the primary, the next by name becomes the primary. Answers whether it was bound. */
export async function removeAgencyHost(tx: Db | Tx, agencyId: string, host: string): Promise<boolean> {
  const removed = await tx
    .delete(agencyHosts)
    .where(and(eq(agencyHosts.agencyId, agencyId), eq(agencyHosts.host, normalHost(host))))
    .returning({ isPrimary: agencyHosts.isPrimary });
  if (removed[0]?.isPrimary) {
    await tx.execute(sql`UPDATE agency_hosts SET is_primary = true
                         WHERE host = (SELECT host FROM agency_hosts WHERE agency_id = ${agencyId} ORDER BY host LIMIT 1)`);
  }
  return removed.length > 0;
}
