import { z } from 'zod';
import { amountSchema } from './money.js';

/**
 * Staff alerts per agency (docs/decisions/112-staff-alerts.md): the owner sets
 * where they go (a Telegram chat, a LINE recipient), on which events, and the thresholds. Tokens go
 * in and never come back: an answer says only whether one is set.
 */
export const ALERT_CHANNELS = ['telegram', 'line'] as const;
export const alertChannelSchema = z.enum(ALERT_CHANNELS);
export type AlertChannel = z.infer<typeof alertChannelSchema>;

/** what an alert can be about; `reconciliation` is raised by the reconciliation, the others by the periodic scan */
export const ALERT_EVENTS = ['withdrawal_large', 'withdrawal_waiting', 'attention', 'transfer_unknown', 'reconciliation'] as const;
export const alertEventSchema = z.enum(ALERT_EVENTS);
export type AlertEvent = z.infer<typeof alertEventSchema>;

/** the language the messages are written in */
export const ALERT_LANGUAGES = ['lo', 'en'] as const;
export type AlertLanguage = (typeof ALERT_LANGUAGES)[number];

/** a week: a withdrawal waiting longer than that is past alerting */
export const ALERT_WAIT_MINUTES_MAX = 10_080;

const token = (pattern: RegExp, message: string) => z.string().trim().regex(pattern, message).optional();

/** Telegram: the bot's token from BotFather (`<bot id>:<secret>`), the chat's id (a group's is negative) or a channel's @name. */
const telegramBodySchema = z.object({
  recipient: z
    .string()
    .trim()
    .regex(/^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/, 'alerts.telegram_chat_invalid'),
  /** absent: keep the token already set */
  token: token(/^\d{1,20}:[A-Za-z0-9_-]{30,100}$/, 'alerts.telegram_token_invalid'),
});

/** LINE Messaging API: the channel access token, and the user, group or room id the bot pushes to. */
const lineBodySchema = z.object({
  recipient: z
    .string()
    .trim()
    .regex(/^[UCR][0-9a-f]{32}$/, 'alerts.line_recipient_invalid'),
  /** absent: keep the token already set */
  token: token(/^[A-Za-z0-9+/=._-]{20,1000}$/, 'alerts.line_token_invalid'),
});

export const alertSettingsBodySchema = z
  .object({
    language: z.enum(ALERT_LANGUAGES),
    events: z.array(alertEventSchema).max(ALERT_EVENTS.length * 2),
    /** a withdrawal of more kip than this is announced */
    withdrawalOverLak: amountSchema('LAK').nullable(),
    /** an OPEN withdrawal waiting longer than this is announced */
    withdrawalWaitMinutes: z
      .number()
      .int('settings.integer')
      .min(1, 'settings.too_small')
      .max(ALERT_WAIT_MINUTES_MAX, 'settings.too_large')
      .nullable(),
    /** null: no Telegram (its token is forgotten) */
    telegram: telegramBodySchema.nullable(),
    /** null: no LINE (its token is forgotten) */
    line: lineBodySchema.nullable(),
  })
  .superRefine((v, ctx) => {
    if (v.events.includes('withdrawal_large') && v.withdrawalOverLak === null)
      ctx.addIssue({ code: 'custom', path: ['withdrawalOverLak'], message: 'alerts.amount_required' });
    if (v.events.includes('withdrawal_waiting') && v.withdrawalWaitMinutes === null)
      ctx.addIssue({ code: 'custom', path: ['withdrawalWaitMinutes'], message: 'alerts.minutes_required' });
  });
export type AlertSettingsBody = z.infer<typeof alertSettingsBodySchema>;

/** A channel as the back office sees it: never its token, only whether one is set. */
export const alertChannelViewSchema = z.object({ recipient: z.string(), tokenSet: z.boolean() });

export const alertSettingsResponseSchema = z.object({
  language: z.enum(ALERT_LANGUAGES),
  events: z.array(alertEventSchema),
  withdrawalOverLak: z.string().nullable(),
  withdrawalWaitMinutes: z.number().int().nullable(),
  telegram: alertChannelViewSchema.nullable(),
  line: alertChannelViewSchema.nullable(),
});
export type AlertSettingsResponse = z.infer<typeof alertSettingsResponseSchema>;

export const alertTestBodySchema = z.object({ channel: alertChannelSchema });

/** Why a test message did not go: the token or the recipient refused, or the service not answering (try later). */
export const ALERT_TEST_PROBLEMS = ['token_refused', 'recipient_refused', 'unavailable'] as const;
export const alertTestResponseSchema = z.object({ sent: z.boolean(), problem: z.enum(ALERT_TEST_PROBLEMS).nullable() });
export type AlertTestResponse = z.infer<typeof alertTestResponseSchema>;
