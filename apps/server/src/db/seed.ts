import { eq } from 'drizzle-orm';
import { PROVIDER_IDS } from '@app/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from './client.js';
import { seedStaff } from '../modules/backoffice/staff/index.js';
import { seedBankConfig } from '../payments/bank-config.js';
import { seedDemoBankProtocols } from '../payments/demo.js';
import { agencies, providers } from './schema/index.js';
import { createAgency } from '../modules/agency/index.js';
import { seedDemoPromotions } from '../modules/promotions/index.js';

export const DEMO_AGENCY_CODE = 'demo';
const PROVIDER_NAMES: Record<(typeof PROVIDER_IDS)[number], string> = {
  alphabet: 'Alphabet',
  askmebet: 'AskMeBet',
  gclub: 'GClub',
  gclub_live: 'GClub Live',
  betflix: 'Betflix',
};

/** Reference data every database needs: the five providers. Idempotent. */
export async function seedReference(db: Db) {
  await db
    .insert(providers)
    .values(PROVIDER_IDS.map((id, i) => ({ id, name: PROVIDER_NAMES[id], sortOrder: i })))
    .onConflictDoNothing();
}

/**
 * The demo agency bound to localhost (its primary host) and 127.0.0.1, with its social links and currencies.
 * Runs once: an existing demo agency is left as staff may have edited it. Returns its id.
 */
export async function seedDemoAgency(db: Db, hosts: string[] = ['localhost', '127.0.0.1']): Promise<string> {
  const existing = await db.select({ id: agencies.id }).from(agencies).where(eq(agencies.code, DEMO_AGENCY_CODE));
  if (existing[0]) return existing[0].id;
  return db.transaction(async (tx) => {
    const id = await createAgency(tx, {
      code: DEMO_AGENCY_CODE,
      name: 'Lao Credit Demo',
      hosts,
      social: {
        telegram: 'https://t.me/laocredit_demo',
        whatsapp: 'https://wa.me/8562055550000',
        facebook: 'https://www.facebook.com/laocredit.demo',
        twitter: 'https://x.com/laocredit_demo',
        line: 'https://line.me/R/ti/p/@laocredit',
      },
      lakMid: 'DEMO-LAK-001',
    });
    await seedDemoPromotions(tx, id);
    return id;
  });
}

/**
 * The whole demo: the agency, then each area's demo data for it (bank gateway configuration, the
 * first staff owner, …). Runs at boot with SEED_DEMO and for every test database; idempotent.
 */
export async function seedDemo(db: Db, config: Config, log: Pick<FastifyBaseLogger, 'info' | 'warn'>): Promise<string> {
  const agencyId = await seedDemoAgency(db);
  await seedBankConfig(db, agencyId);
  // the banks' own protocols for the demo of `npm start` (scripts/start.mjs sets it); tests keep the sandbox's
  if (config.SEED_DEMO_BANK_PROTOCOLS) await seedDemoBankProtocols(db, agencyId, config);
  await seedStaff(db, agencyId, config, log);
  // @seed (one line per area: await seedX(db, agencyId, config, log))
  return agencyId;
}
