import { and, eq, sql } from 'drizzle-orm';
import { ALERT_CHANNELS, fromMinor, toMinor, type AlertChannel, type AlertSettingsResponse } from '@app/contracts';
import { writeAudit } from '../../../audit/audit.js';
import { alertApiBaseUrls } from '../../../config.js';
import { transactionWithRetry } from '../../../db/errors.js';
import { agencies, staffAlertChannels, staffAlertSettings } from '../../../db/schema/index.js';
import { AppError } from '../../../errors.js';
import { credentialsKey, CredentialsError, encryptSecret } from '../../../lib/credentials.js';
import { channelOf, registerAlertJobs, tokenContext } from './alerts.jobs.js';
import { alertText } from './alerts.messages.js';
import { scanForAlerts } from './alerts.scan.js';
import { sendAlert } from './alerts.send.js';
import type { AlertsService, AlertsServiceDependencies } from './alerts.types.js';

export function createAlertsService(deps: AlertsServiceDependencies): AlertsService {
  const { db, config } = deps;
  const key = credentialsKey(config);
  const bases = alertApiBaseUrls(config);
  registerAlertJobs(deps);

  const settings = async (agencyId: string): Promise<AlertSettingsResponse> => {
    const [s] = await db.select().from(staffAlertSettings).where(eq(staffAlertSettings.agencyId, agencyId));
    const channels = await db
      .select({ channel: staffAlertChannels.channel, recipient: staffAlertChannels.recipient })
      .from(staffAlertChannels)
      .where(eq(staffAlertChannels.agencyId, agencyId));
    // whether a token is set, never the token: a channel row always holds one
    const view = (c: AlertChannel) => {
      const row = channels.find((r) => r.channel === c);
      return row ? { recipient: row.recipient, tokenSet: true } : null;
    };
    return {
      language: s?.language ?? 'lo',
      events: s?.events ?? [],
      withdrawalOverLak: s?.withdrawalOverLak == null ? null : fromMinor(s.withdrawalOverLak, 'LAK'),
      withdrawalWaitMinutes: s?.withdrawalWaitMinutes ?? null,
      telegram: view('telegram'),
      line: view('line'),
    };
  };

  return {
    settings,

    async update(actor, body) {
      const agencyId = actor.staff.agencyId;
      // read before the transaction: on PGlite's one connection a read beside an open transaction waits for it
      const before = await settings(agencyId);
      await transactionWithRetry(db, async (tx) => {
        const values = {
          language: body.language,
          events: [...new Set(body.events)],
          withdrawalOverLak: body.withdrawalOverLak === null ? null : toMinor(body.withdrawalOverLak, 'LAK'),
          withdrawalWaitMinutes: body.withdrawalWaitMinutes,
        };
        await tx
          .insert(staffAlertSettings)
          .values({ agencyId, ...values })
          .onConflictDoUpdate({ target: staffAlertSettings.agencyId, set: { ...values, updatedAt: sql`now()` } });
        for (const channel of ALERT_CHANNELS) {
          const change = body[channel];
          const where = and(eq(staffAlertChannels.agencyId, agencyId), eq(staffAlertChannels.channel, channel));
          if (change === null) {
            await tx.delete(staffAlertChannels).where(where);
          } else if (change.token !== undefined) {
            const tokenEncrypted = encryptSecret(key, change.token, tokenContext(agencyId, channel));
            await tx
              .insert(staffAlertChannels)
              .values({ agencyId, channel, recipient: change.recipient, tokenEncrypted })
              .onConflictDoUpdate({
                target: [staffAlertChannels.agencyId, staffAlertChannels.channel],
                set: { recipient: change.recipient, tokenEncrypted, updatedAt: sql`now()` },
              });
          } else {
            const kept = await tx
              .update(staffAlertChannels)
              .set({ recipient: change.recipient, updatedAt: sql`now()` })
              .where(where)
              .returning({ channel: staffAlertChannels.channel });
            if (kept.length === 0)
              throw new AppError('VALIDATION_FAILED', `${channel}: a token is needed`, { [`${channel}.token`]: 'alerts.token_required' });
          }
        }
        // the audit row says whether a token was set or replaced, never the token
        const after = {
          ...values,
          withdrawalOverLak: body.withdrawalOverLak,
          telegram: body.telegram && { recipient: body.telegram.recipient, tokenReplaced: body.telegram.token !== undefined },
          line: body.line && { recipient: body.line.recipient, tokenReplaced: body.line.token !== undefined },
        };
        await writeAudit(tx, actor, { action: 'alerts.settings', entityType: 'agency', entityId: agencyId, before, after });
      });
      return settings(agencyId);
    },

    async test(actor, channel) {
      const agencyId = actor.staff.agencyId;
      const set = await channelOf(db, key, agencyId, channel);
      if (set === null || set instanceof CredentialsError)
        throw new AppError('VALIDATION_FAILED', `${channel} is not set`, { [`${channel}.token`]: 'alerts.token_required' });
      const [agency] = await db.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, agencyId));
      const [s] = await db
        .select({ language: staffAlertSettings.language })
        .from(staffAlertSettings)
        .where(eq(staffAlertSettings.agencyId, agencyId));
      const sent = await sendAlert({
        channel,
        base: bases[channel],
        ...set,
        text: alertText(s?.language ?? 'lo', agency?.name ?? '', 'test', {}),
        retryKey: `${agencyId}:test:${Date.now()}`,
      });
      await writeAudit(db, actor, {
        action: 'alerts.test',
        entityType: 'agency',
        entityId: agencyId,
        after: { channel, outcome: sent.outcome },
      });
      if (sent.outcome === 'sent') return { sent: true, problem: null };
      return { sent: false, problem: sent.outcome === 'refused' ? sent.problem : 'unavailable' };
    },

    scan: () => scanForAlerts(db),
  };
}
