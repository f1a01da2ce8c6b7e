import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { transactionWithRetry } from '../../../db/errors.js';
import { enqueueJob } from '../../../jobs/types.js';
import { staffAlertChannels, staffAlertEvents, staffAlertSettings } from '../../../db/schema/index.js';
import type { StaffAlertEvent } from './alerts.types.js';

export const STAFF_ALERT_JOB = 'staff_alert' as const;

/**
 * Raises an alert for an agency: when the agency has alerts on for this kind of event and a channel
 * set, the event is recorded once per key and one `staff_alert` job per channel sends it (retried by
 * the worker). A key raised before sends nothing again, whatever the jobs' retention. Answers whether
 * the event was new and is on its way.
 *
 * Its own short transaction on alert tables only: never call it inside a money path's transaction
 * (a slow or failing alert must never hold money back); the reconciliation calls it after its own.
 */
export async function raiseStaffAlert(db: Db, agencyId: string, event: StaffAlertEvent): Promise<boolean> {
  const [settings] = await db
    .select({ events: staffAlertSettings.events })
    .from(staffAlertSettings)
    .where(eq(staffAlertSettings.agencyId, agencyId));
  if (!settings?.events.includes(event.kind)) return false;
  const channels = await db
    .select({ channel: staffAlertChannels.channel })
    .from(staffAlertChannels)
    .where(eq(staffAlertChannels.agencyId, agencyId));
  if (channels.length === 0) return false;
  return transactionWithRetry(db, async (tx) => {
    const [row] = await tx
      .insert(staffAlertEvents)
      .values({ agencyId, eventKey: event.key, kind: event.kind, params: event.params })
      .onConflictDoNothing()
      .returning({ id: staffAlertEvents.id });
    if (!row) return false;
    for (const { channel } of channels)
      await enqueueJob(tx, STAFF_ALERT_JOB, { eventId: row.id, channel }, { uniqueKey: `staff_alert:${row.id}:${channel}` });
    return true;
  });
}
