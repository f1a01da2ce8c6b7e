import { sql } from 'drizzle-orm';
import type { FingerprintBody } from '@app/contracts';
import type { Db } from '../../db/client.js';
import { playerFingerprints } from '../../db/schema/index.js';

// Laos keeps UTC+7 all year: a player's "today" is the Vientiane date, not the server's
const VIENTIANE_OFFSET_MS = 7 * 3_600_000;

export function vientianeDay(now = Date.now()): string {
  return new Date(now + VIENTIANE_OFFSET_MS).toISOString().slice(0, 10);
}

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
