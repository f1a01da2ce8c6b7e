import { onlineManager } from '@tanstack/react-query';
import { post } from '@/lib/api-client';
import { collectFingerprint } from './collect';
import { readStored, shouldSend, today, writeStored } from './decide';

/** Collects the device fingerprint and sends it when SPEC.md §7 says to; saves it after success. */
export async function reportFingerprint(agencyId: string): Promise<boolean> {
  const body = await collectFingerprint();
  const day = today();
  if (!shouldSend(readStored(agencyId), body.fingerprint, day)) return false;
  // a call that ends the session (password change, logout) is under way or done: the report would
  // meet a 401 whose redirect races the page's own reload (features/auth/lib/pause-fetching.ts);
  // the next visit sends it
  if (!onlineManager.isOnline()) return false;
  await post('/v2/fingerprint', body);
  writeStored(agencyId, { fingerprint: body.fingerprint, date: day });
  return true;
}
