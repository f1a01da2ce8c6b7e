import { createHash } from 'node:crypto';
import type { AlertChannel } from '@app/contracts';
import { answerJson, httpRequest } from '../../../http-client.js';

/** a message that takes longer is left to the job's retry */
const SEND_TIMEOUT_MS = 5_000;

export type SendOutcome =
  | { outcome: 'sent' }
  /** the service refused it as set up: a retry cannot help until the owner changes the setting */
  | { outcome: 'refused'; problem: 'token_refused' | 'recipient_refused'; error: string }
  /** not answered, throttled (429) or failed on its side (5xx): try again later */
  | { outcome: 'unavailable'; retryAfterMs: number | null; error: string };

export interface SendInput {
  channel: AlertChannel;
  /** the API's base URL (config.ts `alertApiBaseUrls`) */
  base: string;
  token: string;
  recipient: string;
  text: string;
  /** the same for every try of one message: LINE drops a repeat of a push it already took (X-Line-Retry-Key) */
  retryKey: string;
}

/** A UUID made from `seed`: the same seed, the same UUID (LINE's retry key must be a UUID). */
function uuidOf(seed: string): string {
  const h = createHash('sha256').update(seed).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Telegram Bot API `sendMessage` or LINE Messaging API push. Telegram: 401 and 404 are the bot's
 * token, 400 and 403 the chat (not found, bot not in it, blocked). LINE: 401 and 403 the channel
 * access token, 400 the recipient. 429 and 5xx are the service's own trouble.
 */
export async function sendAlert(input: SendInput): Promise<SendOutcome> {
  const request: { url: URL; headers: Record<string, string>; body: string } =
    input.channel === 'telegram'
      ? {
          url: new URL(`${input.base}/bot${input.token}/sendMessage`),
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ chat_id: input.recipient, text: input.text, disable_web_page_preview: true }),
        }
      : {
          url: new URL(`${input.base}/v2/bot/message/push`),
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${input.token}`,
            'x-line-retry-key': uuidOf(input.retryKey),
          },
          body: JSON.stringify({ to: input.recipient, messages: [{ type: 'text', text: input.text }] }),
        };
  let answer;
  try {
    answer = await httpRequest(request.url, { method: 'POST', headers: request.headers, body: request.body, timeoutMs: SEND_TIMEOUT_MS });
  } catch (err) {
    // never the URL: Telegram's carries the token
    return { outcome: 'unavailable', retryAfterMs: null, error: `${input.channel}: ${err instanceof Error ? err.name : 'error'}` };
  }
  const { status } = answer;
  // LINE answers 409 to a retry key it already took: the message went
  if ((status >= 200 && status < 300) || (input.channel === 'line' && status === 409)) return { outcome: 'sent' };
  const body = answerJson(answer) as { description?: unknown; message?: unknown; parameters?: { retry_after?: unknown } } | null;
  const said = String(body?.description ?? body?.message ?? '').slice(0, 200);
  const error = `${input.channel} ${status}${said ? `: ${said}` : ''}`;
  if (status === 429 || status >= 500) {
    const after = Number(body?.parameters?.retry_after);
    return { outcome: 'unavailable', retryAfterMs: Number.isFinite(after) && after > 0 ? after * 1000 : null, error };
  }
  const tokenStatuses = input.channel === 'telegram' ? [401, 404] : [401, 403];
  return { outcome: 'refused', problem: tokenStatuses.includes(status) ? 'token_refused' : 'recipient_refused', error };
}
