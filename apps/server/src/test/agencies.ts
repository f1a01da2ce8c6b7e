import type { FastifyInstance } from 'fastify';
import { DEFAULT_AGENCY_SETTINGS } from '@app/contracts';
import { agencies, agencyHosts } from '../db/schema/index.js';

/** A second agency at its own host (its primary), for the tests that one agency sees nothing of another. */
export async function createAgency(app: FastifyInstance, code: string, host: string): Promise<string> {
  const social = { telegram: '', whatsapp: '', facebook: '', twitter: '', line: '' };
  const [row] = await app.db
    .insert(agencies)
    .values({ code, name: code, social, settings: DEFAULT_AGENCY_SETTINGS })
    .returning({ id: agencies.id });
  await app.db.insert(agencyHosts).values({ host, agencyId: row!.id, isPrimary: true });
  return row!.id;
}
