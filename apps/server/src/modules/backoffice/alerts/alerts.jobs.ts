import { and, eq } from 'drizzle-orm';
import type { AlertChannel } from '@app/contracts';
import { alertApiBaseUrls } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import { agencies, staffAlertChannels, staffAlertEvents, staffAlertSettings } from '../../../db/schema/index.js';
import { credentialsKey, CredentialsError, decryptSecret } from '../../../lib/credentials.js';
import { alertText } from './alerts.messages.js';
import { STAFF_ALERT_JOB } from './alerts.raise.js';
import { scanForAlerts } from './alerts.scan.js';
import { sendAlert, type SendOutcome } from './alerts.send.js';
import type { AlertsServiceDependencies } from './alerts.types.js';

/** what a channel's token is bound to (lib/credentials.ts): a value copied to another agency or channel does not decrypt */
export const tokenContext = (agencyId: string, channel: AlertChannel) => `alerts:${agencyId}:${channel}`;

/** A channel's recipient and token, decrypted; null when the agency has none set (or its token no longer decrypts). */
export async function channelOf(
  db: Db,
  key: Buffer,
  agencyId: string,
  channel: AlertChannel,
): Promise<{ recipient: string; token: string } | null | CredentialsError> {
  const [row] = await db
    .select()
    .from(staffAlertChannels)
    .where(and(eq(staffAlertChannels.agencyId, agencyId), eq(staffAlertChannels.channel, channel)));
  if (!row) return null;
  try {
    return { recipient: row.recipient, token: decryptSecret(key, row.tokenEncrypted, tokenContext(agencyId, channel)) };
  } catch (err) {
    if (err instanceof CredentialsError) return err;
    throw err;
  }
}

/**
 * The worker's part: each `staff_alert` job sends one event through one channel; the service busy
 * or out of reach → retried with the worker's backoff (or Telegram's `retry_after`); refused as set
 * up (a wrong token or chat) → logged and dropped, since only the owner's change can help. The
 * scan runs every STAFF_ALERT_SCAN_SECONDS in whichever worker is due.
 */
export function registerAlertJobs({ db, log, config, worker }: AlertsServiceDependencies) {
  const key = credentialsKey(config);
  const bases = alertApiBaseUrls(config);

  worker.every('staff alerts scan', config.STAFF_ALERT_SCAN_SECONDS * 1000, async () => {
    const raised = await scanForAlerts(db);
    if (raised > 0) {
      log.info({ raised }, 'staff alerts raised');
      worker.wake();
    }
  });

  worker.handle(STAFF_ALERT_JOB, async ({ eventId, channel }, job) => {
    const [event] = await db
      .select({ e: staffAlertEvents, name: agencies.name, language: staffAlertSettings.language })
      .from(staffAlertEvents)
      .innerJoin(agencies, eq(agencies.id, staffAlertEvents.agencyId))
      .leftJoin(staffAlertSettings, eq(staffAlertSettings.agencyId, staffAlertEvents.agencyId))
      .where(eq(staffAlertEvents.id, eventId));
    if (!event) return { done: true };
    const set = await channelOf(db, key, event.e.agencyId, channel);
    // the channel was removed since: nobody to tell
    if (set === null) return { done: true };
    if (set instanceof CredentialsError) {
      log.error({ eventId, channel, agencyId: event.e.agencyId }, 'staff alert token does not decrypt (CREDENTIALS_KEY changed?); dropped');
      return { done: true };
    }
    const sent: SendOutcome = await sendAlert({
      channel,
      base: bases[channel],
      ...set,
      text: alertText(event.language ?? 'lo', event.name, event.e.kind, event.e.params),
      retryKey: `${event.e.agencyId}:${eventId}:${channel}`,
    });
    if (sent.outcome === 'sent') return { done: true };
    if (sent.outcome === 'refused') {
      log.error({ eventId, channel, agencyId: event.e.agencyId, error: sent.error }, 'staff alert refused by the service; dropped');
      return { done: true };
    }
    log.warn({ eventId, channel, error: sent.error }, 'staff alert not sent; will retry');
    return { done: false, retryInMs: sent.retryAfterMs ?? worker.backoff(job.attempts), error: sent.error };
  });
}
