import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';

/** A message the sandbox's Telegram or LINE took, as tests read it. */
export interface AlertMessage {
  service: 'telegram' | 'line';
  /** Telegram: the bot's id (the token's part before the colon); LINE: the token's last 4 characters */
  bot: string;
  to: string;
  text: string;
  at: string;
}

const faultSchema = z
  .object({
    service: z.enum(['telegram', 'line']),
    /** what the service answers instead of taking the message */
    status: z.union([z.literal(429), z.literal(500), z.literal(503)]),
    /** for this many messages (then it takes them again); absent: until the faults are cleared */
    times: z.number().int().min(1).max(1000).optional(),
  })
  .strict();
type AlertFault = z.infer<typeof faultSchema> & { left: number };

const telegramBody = z.object({ chat_id: z.union([z.string(), z.number()]), text: z.string().min(1).max(4096) });
const lineBody = z.object({
  to: z.string(),
  messages: z
    .array(z.object({ type: z.literal('text'), text: z.string().min(1).max(5000) }))
    .min(1)
    .max(5),
});

/**
 * Telegram's Bot API `sendMessage` (under /telegram) and LINE's Messaging API push (under /line) as
 * the staff alerts use them (docs/decisions/112), recording each message taken; fault knobs make
 * either answer 429 or 5xx. Refusals as the real ones: Telegram 401 for an unknown bot (bot id 0),
 * 400 "chat not found" for chat 0; LINE 401 without a bearer token or with one starting "revoked",
 * 400 for a recipient that is no LINE id, 409 for a retry key it already took. In memory.
 */
export async function alertsSandbox(app: FastifyInstance): Promise<void> {
  const messages: AlertMessage[] = [];
  let faults: AlertFault[] = [];
  const lineRetryKeys = new Set<string>();

  /** the fault for this service, if one is on (counted down) */
  const faulted = (service: AlertFault['service']) => {
    const fault = faults.find((f) => f.service === service && f.left > 0);
    if (fault) fault.left -= 1;
    return fault;
  };
  const record = (m: Omit<AlertMessage, 'at'>) => messages.push({ ...m, at: new Date().toISOString() });

  app.post('/telegram/bot:token/sendMessage', async (request, reply: FastifyReply) => {
    const { token } = request.params as { token: string };
    const refuse = (status: number, description: string, extra: object = {}) =>
      reply.code(status).send({ ok: false, error_code: status, description, ...extra });
    const fault = faulted('telegram');
    if (fault?.status === 429) return refuse(429, 'Too Many Requests: retry after 1', { parameters: { retry_after: 1 } });
    if (fault) return refuse(fault.status, 'Internal Server Error');
    const bot = /^(\d+):[\w-]{30,}$/.exec(token)?.[1];
    if (!bot || bot === '0') return refuse(401, 'Unauthorized');
    const body = telegramBody.safeParse(request.body);
    if (!body.success) return refuse(400, 'Bad Request: message text is empty');
    if (String(body.data.chat_id) === '0') return refuse(400, 'Bad Request: chat not found');
    record({ service: 'telegram', bot, to: String(body.data.chat_id), text: body.data.text });
    return { ok: true, result: { message_id: messages.length, date: Math.floor(Date.now() / 1000), text: body.data.text } };
  });

  app.post('/line/v2/bot/message/push', async (request, reply: FastifyReply) => {
    const refuse = (status: number, message: string) => reply.code(status).send({ message });
    const fault = faulted('line');
    if (fault) return refuse(fault.status, fault.status === 429 ? 'The API rate limit has been exceeded.' : 'Internal server error');
    const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token || token.startsWith('revoked'))
      return refuse(401, 'Authentication failed. Confirm that the access token in the authorization header is valid.');
    const body = lineBody.safeParse(request.body);
    if (!body.success) return refuse(400, 'The request body has 1 error(s)');
    if (!/^[UCR][0-9a-f]{32}$/.test(body.data.to)) return refuse(400, "The property, 'to', in the request body is invalid");
    const retryKey = request.headers['x-line-retry-key'];
    if (typeof retryKey === 'string') {
      if (lineRetryKeys.has(retryKey)) return refuse(409, 'The retry key is already accepted');
      lineRetryKeys.add(retryKey);
    }
    for (const m of body.data.messages) record({ service: 'line', bot: token.slice(-4), to: body.data.to, text: m.text });
    return { sentMessages: body.data.messages.map((_, i) => ({ id: String(messages.length + i), quoteToken: 'sandbox' })) };
  });

  // test and demo controls
  app.get('/alerts/_messages', async () => ({ messages }));
  app.delete('/alerts/_messages', async () => {
    messages.length = 0;
    return { ok: true };
  });
  app.post('/alerts/_faults', async (request, reply) => {
    const fault = faultSchema.safeParse(request.body);
    if (!fault.success) return reply.code(400).send({ error: fault.error.issues[0]?.message ?? 'invalid' });
    faults.push({ ...fault.data, left: fault.data.times ?? Number.POSITIVE_INFINITY });
    return { ok: true };
  });
  app.delete('/alerts/_faults', async () => {
    faults = [];
    return { ok: true };
  });
}
