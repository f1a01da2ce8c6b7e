import { sql } from 'drizzle-orm';
import type { FingerprintBody } from '@app/contracts';
import type { Db } from '../../db/client.js';
import { playerFingerprints } from '../../db/schema/index.js';
import { vientianeDay } from '../shared/business-day.js';

/** SPEC.md §3: one fingerprint row per player and day; a second send that day replaces it. */
export async function saveFingerprint(db: Db, playerId: string, body: FingerprintBody): Promise<void> {
  await db
    .insert(playerFingerprints)
    .values({ playerId, day: vientianeDay(), hash: body.fingerprint, payload: body })
    .onConflictDoUpdate({
      target: [playerFingerprints.playerId, playerFingerprints.day],
      set: { hash: body.fingerprint, payload: body, updatedAt: sql`now()` },
    });
}
